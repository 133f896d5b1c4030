// The data of the course benchmark, made in bulk SQL (generate_series): students in four classes, an online course of
// chapters × tasks, and the share of the work done as progress rows, practice sessions and graded exam attempts.
import { randomBytes } from 'node:crypto';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

export interface CourseDataOptions {
  siteId: number;
  teacherId: number;
  categoryId: number;
  /** One exam per chapter (its last task). */
  examIds: number[];
  students: number;
  chapters: number;
  tasksEach: number;
  doneShare: number;
}

const ids = (rows: { id: number | string }[]) => rows.map((row) => Number(row.id));

export async function fillCourse(db: Executor, o: CourseDataOptions) {
  const tag = randomBytes(3).toString('hex');
  const users = ids(
    await queryRows<{ id: number }>(
      db,
      sql`insert into users (username, nickname, password_hash, current_site_id)
        select 'cb_' || ${tag} || '_' || lpad(g::text, 5, '0'), '学生' || g, 'x', ${o.siteId}
        from generate_series(1, ${o.students}) g returning id`,
    ),
  );
  const userList = sql.join(
    users.map((id) => sql`(${id}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`with m as (
      insert into site_users (site_id, user_id, "current_role")
      select ${o.siteId}, u.id, 'role_student' from (values ${userList}) as u(id) returning id)
    insert into site_user_roles (site_user_id, site_id, role_key) select id, ${o.siteId}, 'role_student' from m`);
  const classIds = ids(
    await queryRows<{ id: number }>(
      db,
      sql`insert into groups (site_id, kind, name, owner_id)
        select ${o.siteId}, 'class', 'bench ' || ${tag} || ' ' || g, ${o.teacherId} from generate_series(1, 4) g
        returning id`,
    ),
  );
  await db.execute(sql`insert into group_members (group_id, site_user_id, kind)
    select (array[${sql.join(
      classIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )}])[1 + (row_number() over (order by su.id) - 1) % 4], su.id, 'class'
    from site_users su where su.site_id = ${o.siteId} and su.user_id in (select id from (values ${userList}) as u(id))`);
  const sets = ids(
    await queryRows<{ id: number }>(
      db,
      sql`insert into practice_sets (site_id, name, category_ids, per_session, status)
        select ${o.siteId}, 'bench set ' || g, ${JSON.stringify([o.categoryId])}::jsonb, 4, 'published'
        from generate_series(1, 4) g returning id`,
    ),
  );
  const [course] = await queryRows<{ id: number }>(
    db,
    sql`insert into courses (site_id, name, owner_id, status, starts_on)
      values (${o.siteId}, 'bench course ' || ${tag}, ${o.teacherId}, 'online', current_date - 30) returning id`,
  );
  const courseId = Number(course!.id);
  await db.execute(sql`insert into course_classes (course_id, group_id, site_id)
    select ${courseId}, g, ${o.siteId} from unnest(array[${sql.join(
      classIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )}]) g`);
  await db.execute(sql`insert into course_chapters (site_id, course_id, seq, title)
    select ${o.siteId}, ${courseId}, c, 'Week ' || c from generate_series(1, ${o.chapters}) c`);
  // Per chapter: the last task an exam (the chapter's), the one before it practice (one of four sets), the rest
  // material; a due time on every task, the first half of the course already due.
  await db.execute(sql`insert into course_tasks (site_id, course_id, chapter_id, seq, kind, title, weight, due_at,
      practice_set_id, exam_id, material)
    select ${o.siteId}, ${courseId}, ch.id, k,
      case when k = ${o.tasksEach} then 'exam' when k = ${o.tasksEach} - 1 then 'practice' else 'material' end,
      'Task ' || ch.seq || '.' || k, 1, now() + ((ch.seq - ${o.chapters} / 2) * interval '1 day'),
      case when k = ${o.tasksEach} - 1 then (array[${sql.join(
        sets.map((id) => sql`${id}::bigint`),
        sql`, `,
      )}])[1 + ch.seq % 4] end,
      case when k = ${o.tasksEach} then (array[${sql.join(
        o.examIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )}])[1 + ch.seq % ${o.examIds.length}] end,
      case when k < ${o.tasksEach} - 1 then '{"type":"link","url":"https://example.com/read"}'::jsonb end
    from course_chapters ch cross join generate_series(1, ${o.tasksEach}) k where ch.course_id = ${courseId}`);
  const student = sql`(select id from (values ${userList}) as u(id))`;
  const progress = await db.execute(sql`insert into course_task_progress (task_id, user_id, site_id, course_id, status,
      progress, score, seconds_spent)
    select t.id, u.id, ${o.siteId}, ${courseId}, 'done', 1, 100, 300
    from course_tasks t cross join ${student} u
    where t.course_id = ${courseId} and t.kind = 'material' and random() < ${o.doneShare}`);
  const sessions = await db.execute(sql`insert into practice_sessions (site_id, set_id, user_id, source, question_ids,
      answered_count, correct_count, finished_at)
    select ${o.siteId}, t.practice_set_id, u.id, 'new', '[1,2,3,4]'::jsonb, 4, floor(random() * 5)::int, now()
    from course_tasks t cross join ${student} u
    where t.course_id = ${courseId} and t.kind = 'practice' and random() < ${o.doneShare}`);
  const attempts = await db.execute(sql`insert into exam_attempts (site_id, exam_id, user_id, seq, status, paper,
      deadline, submitted_at, score, passed)
    select ${o.siteId}, w.exam_id, w.user_id, 1, 'graded', '[]'::jsonb, now(), now(), w.score, w.score >= 60
    from (
      select e.exam_id, u.id as user_id, floor(random() * 101)::int as score
      from (select distinct exam_id from course_tasks where course_id = ${courseId} and kind = 'exam') e
      cross join ${student} u where random() < ${o.doneShare}
    ) w`);
  const count = (result: unknown) => Number((result as { rowCount?: number | null }).rowCount ?? 0);
  return {
    courseId,
    classIds,
    studentIds: users,
    rows: count(progress) + count(sessions) + count(attempts),
  };
}
