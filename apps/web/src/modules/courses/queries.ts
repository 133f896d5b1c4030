import type { MY_COURSE_TABS, TCourseDetail, TCourseHome, TCourseStatus, TCourseTaskView } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { PRACTICE_KEY } from '../practice/index.ts';

/**
 * Every cached answer of the teacher's course pages (lists, details, categories, the pickers' lists) sits under this
 * key; the student's pages keep theirs apart (COURSE_LEARNING_KEY below).
 */
export const COURSES_KEY = ['courses'] as const;

/** Drops the cached course answers after a write. */
export function useCoursesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: COURSES_KEY });
}

/** Puts a course detail the server answered in the cache, then drops the rest (lists, counts) to be read again. */
export function useCourseSaved() {
  const queryClient = useQueryClient();
  return async (detail: TCourseDetail) => {
    queryClient.setQueryData(courseDetailQuery(detail.id).queryKey, detail);
    await queryClient.invalidateQueries({ queryKey: COURSES_KEY, refetchType: 'active' });
  };
}

export interface CourseFilter {
  keyword?: string;
  status?: TCourseStatus;
  category_id?: number;
}

export function coursesQuery(filter: CourseFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/dataset-course/list', { ...filter, ...paging }, { signal }),
  });
}

export function courseDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-course/detail', { id }, { signal }),
  });
}

export function courseCategoryTreeQuery() {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'category-tree'],
    queryFn: ({ signal }) => api('/course-category/tree', {}, { signal }),
  });
}

/** Practice sets a practice task may point at (newest first, searched by name). */
export function practiceSetOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'practice-sets', keyword],
    queryFn: ({ signal }) =>
      api('/dataset-train/list', { keyword: keyword || undefined, page: 1, pageSize: 50 }, { signal }),
  });
}

/** Exams an exam task may point at: the published ones and the drafts (both kept apart by the picker). */
export function examOptionsQuery(tab: 'published' | 'draft', keyword: string, kind: 'exam' | 'homework' = 'exam') {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'exams', kind, tab, keyword],
    queryFn: ({ signal }) =>
      api('/dataset-examine/list', { tab, kind, keyword: keyword || undefined, page: 1, pageSize: 50 }, { signal }),
  });
}

/**
 * The rooms of a course a live task may point at: `/live-room/list` filtered by the course, so those the caller hosts
 * or co-hosts (every room of the organisation for a manager), live first, then the soonest.
 */
export function courseLiveRoomsQuery(courseId: number) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'live-rooms', courseId],
    queryFn: ({ signal }) => api('/live-room/list', { course_id: courseId, page: 1, pageSize: 100 }, { signal }),
  });
}

/** Classes a course may be taught to (a teacher sees the classes they own, a manager every class). */
export function classOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'classes', keyword],
    queryFn: ({ signal }) =>
      api('/group/list', { kind: 'class', keyword: keyword || undefined, page: 1, pageSize: 100 }, { signal }),
  });
}

/**
 * Members of the organisation who might teach, searched by username or nickname: the audience picker's members of
 * exams (teachers and managers hold the exam keys too); those holding only the student role are left out, and the
 * server has the last word (course_teacher_invalid).
 */
export function teacherOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'teachers', keyword],
    queryFn: async ({ signal }) => {
      const { list } = await api('/audience/members', { subject: 'exam', keyword }, { signal });
      return list.filter((member) => member.roles.some((role) => role !== 'role_student'));
    },
  });
}

/** A question of a course exam's paper, whole (stem and options), for the paper's preview. */
export function paperQuestionQuery(id: number) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'paper-question', id],
    queryFn: ({ signal }) => api('/dataset-data/detail', { id }, { signal }),
  });
}

export function createCourse(input: ApiInput<'/dataset-course/create'>) {
  return api('/dataset-course/create', input);
}

export function updateCourse(input: ApiInput<'/dataset-course/update'>) {
  return api('/dataset-course/update', input);
}

export type CourseStateAction = 'online' | 'offline' | 'archive';

/** Puts a course online, takes it offline, or archives it. */
export function changeCourseState(action: CourseStateAction, id: number) {
  return api(`/dataset-course/${action}`, { id });
}

export function copyCourse(id: number) {
  return api('/dataset-course/copy', { id });
}

export function deleteCourse(id: number) {
  return api('/dataset-course/delete', { id });
}

export function transferCourse(id: number, ownerId: number) {
  return api('/dataset-course/transfer', { id, owner_id: ownerId });
}

export function setCourseTeachers(input: ApiInput<'/dataset-course/teachers-set'>) {
  return api('/dataset-course/teachers-set', input);
}

export function setCourseClasses(id: number, groupIds: number[]) {
  return api('/dataset-course/classes-set', { id, group_ids: groupIds });
}

export function createCourseCategory(input: ApiInput<'/course-category/create'>) {
  return api('/course-category/create', input);
}

export function updateCourseCategory(input: ApiInput<'/course-category/update'>) {
  return api('/course-category/update', input);
}

export function deleteCourseCategory(id: number) {
  return api('/course-category/delete', { id });
}

export function addCourseWeeks(courseId: number, count: number, titlePattern: string) {
  return api('/dataset-course/chapter-add-weeks', { course_id: courseId, count, title_pattern: titlePattern });
}

export function saveCourseChapter(input: ApiInput<'/dataset-course/chapter-save'>) {
  return api('/dataset-course/chapter-save', input);
}

export function deleteCourseChapter(id: number, force: boolean) {
  return api('/dataset-course/chapter-delete', { id, force });
}

export function moveCourseChapter(id: number, toSeq: number) {
  return api('/dataset-course/chapter-move', { id, to_seq: toSeq });
}

export function saveCourseTask(input: ApiInput<'/dataset-course/task-save'>) {
  return api('/dataset-course/task-save', input);
}

export function deleteCourseTask(id: number, force: boolean) {
  return api('/dataset-course/task-delete', { id, force });
}

export function moveCourseTask(id: number, chapterId: number, toSeq: number) {
  return api('/dataset-course/task-move', { id, chapter_id: chapterId, to_seq: toSeq });
}

/**
 * The student's side of courses (docs/courses.md): my courses, a course's home and reading progress. Every cached
 * answer of these pages sits under this key (the teacher's pages keep theirs under COURSES_KEY above, a prefix of this
 * one, so a teacher's write in the same tab drops these too, which does no harm).
 */
export const COURSE_LEARNING_KEY = ['courses', 'learning'] as const;

export type MyCourseTab = (typeof MY_COURSE_TABS)[number];

export function myCoursesQuery(filter: { tab: MyCourseTab; keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...COURSE_LEARNING_KEY, 'my-list', filter, paging],
    queryFn: ({ signal }) => api('/dataset-course/my-list', { ...filter, ...paging }, { signal }),
  });
}

/**
 * One course's home: due this week, then the chapters with each task's state. Read again each time the page opens
 * (`staleTime` 0): practice sessions and exam attempts finished elsewhere change the states.
 */
export function courseHomeQuery(id: number) {
  return queryOptions({
    queryKey: [...COURSE_LEARNING_KEY, 'home', id],
    queryFn: ({ signal }) => api('/dataset-course/home', { id }, { signal }),
    staleTime: 0,
  });
}

/**
 * The practice set of a practice task as its learner sees it (joined, per session, unlocked, other organisation):
 * what starting it needs. Kept under the practice module's key, which joining and starting a session drop, so the
 * answer follows a join made on the way.
 */
export function taskPracticeSetQuery(setId: number) {
  return queryOptions({
    queryKey: [...PRACTICE_KEY, 'course-task-set', setId],
    queryFn: ({ signal }) => api('/trainingcamp/train-detail', { id: setId }, { signal }),
    staleTime: 0,
  });
}

/** A task the server answered, put in the cached home of its course (in its chapter and in due this week). */
function withTask(home: TCourseHome, task: TCourseTaskView): TCourseHome {
  const swap = (list: TCourseTaskView[]) => list.map((row) => (row.id === task.id ? task : row));
  return {
    ...home,
    due_this_week: swap(home.due_this_week),
    chapters: home.chapters.map((chapter) =>
      chapter.id === task.chapter_id ? { ...chapter, tasks: swap(chapter.tasks) } : chapter,
    ),
  };
}

/**
 * Reports reading progress on a material task (`progress` 0..1, `seconds` since the last report). The answer
 * replaces the task in the cached home; once the task is done the course's figures, due list, the release of the
 * next task and my course list change, so they are read again.
 */
export function useReportProgress(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { task_id: number; progress: number; seconds: number; position?: number }) =>
      api('/dataset-course/task-progress', input),
    onSuccess: async (task, input) => {
      const key = courseHomeQuery(courseId).queryKey;
      const before = queryClient.getQueryData(key);
      const wasDone = before?.chapters.some((chapter) =>
        chapter.tasks.some((row) => row.id === input.task_id && row.state === 'done'),
      );
      if (before) queryClient.setQueryData(key, withTask(before, task));
      if (task.state === 'done' && !wasDone) await queryClient.invalidateQueries({ queryKey: COURSE_LEARNING_KEY });
    },
  });
}

/** The matrix's selection: a course, one of its classes (all when absent), a filter and a keyword. */
export type CourseMatrixFilter = Omit<ApiInput<'/dataset-course/matrix'>, 'page' | 'pageSize'>;

/**
 * A page of a course's class × task matrix (`/trainingcamp/trainstat`): every task, a page of students with a cell
 * per task, and the course's classes. Read again each time the page opens (`staleTime` 0): students work meanwhile.
 */
export function courseMatrixQuery(filter: CourseMatrixFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'matrix', filter, paging],
    queryFn: ({ signal }) => api('/dataset-course/matrix', { ...filter, ...paging }, { signal }),
    staleTime: 0,
  });
}

export type CourseRankingFilter = Omit<ApiInput<'/dataset-course/ranking'>, 'page' | 'pageSize'>;

/** A course's students ranked (`/teacher/course/analysisStudents`), read again each time the page opens. */
export function courseRankingQuery(filter: CourseRankingFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'ranking', filter, paging],
    queryFn: ({ signal }) => api('/dataset-course/ranking', { ...filter, ...paging }, { signal }),
    staleTime: 0,
  });
}

/** The matrix's whole selection (no paging) as an xlsx file. */
export function exportCourseMatrix(filter: CourseMatrixFilter) {
  return api('/dataset-course/matrix-export', filter);
}

/**
 * One student of a course for its teachers (`/course/user/detail/{tab}/{id}?course_id=`): every task as the student
 * sees it, with attempts, and the questions they answered wrong by knowledge node. Read again on each visit.
 */
export function courseStudentDetailQuery(courseId: number, userId: number) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'student-detail', courseId, userId],
    queryFn: ({ signal }) =>
      api('/dataset-course/student-detail', { course_id: courseId, user_id: userId }, { signal }),
    staleTime: 0,
  });
}

/**
 * A class across its courses (`/trainingcamp/group-course-analysis`): the classes the caller may choose, and for the
 * chosen one (none: only the choices) each course's figures.
 */
export function classComparisonQuery(classId: number | null) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'class-comparison', classId],
    queryFn: ({ signal }) =>
      api('/dataset-course/class-comparison', classId === null ? {} : { class_id: classId }, { signal }),
    staleTime: 0,
  });
}

/** A course's classes side by side (`/trainingcamp/groupAnalysis?course_id=`). */
export function courseClassComparisonQuery(courseId: number) {
  return queryOptions({
    queryKey: [...COURSES_KEY, 'course-class-comparison', courseId],
    queryFn: ({ signal }) => api('/dataset-course/course-class-comparison', { course_id: courseId }, { signal }),
    staleTime: 0,
  });
}

/** A material's self-test as its student sees it: the questions without keys, attempts, best and last score. */
export function selfTestQuery(taskId: number) {
  return queryOptions({
    queryKey: [...COURSE_LEARNING_KEY, 'self-test', taskId],
    queryFn: ({ signal }) => api('/dataset-course/self-test', { task_id: taskId }, { signal }),
    staleTime: 0,
    // A retake keeps the questions on screen: a refetch while answering would shuffle matching and ordering again.
    refetchOnWindowFocus: false,
  });
}

/** Hands in a self-test; the course home's figures are read again afterwards (not the test itself). */
export function useSubmitSelfTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'/dataset-course/self-test-submit'>) => api('/dataset-course/self-test-submit', input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: COURSE_LEARNING_KEY,
        predicate: (query) => query.queryKey[2] !== 'self-test',
      }),
  });
}

/** The self-test page of a material task. */
export const selfTestPath = (taskId: number) => `/trainingcamp/material-self-exam?task_id=${taskId}`;
