import type { TLearnerSetProgress } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Progress, Row, Skeleton, Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { resultPath } from '../practice/index.ts';
import { studentHomeQuery } from './queries.ts';
import { trainDetailPath } from './train-detail-path.ts';

const share = (set: TLearnerSetProgress) =>
  set.data_count ? Math.round((set.my_answered / set.data_count) * 100) : 100;

/**
 * `/home_student` (`/user/index-student`): the learner's home in the current organisation: what to practise next,
 * the wrong book per category, recent practice scores, recent exam results and certificates.
 */
export function StudentHomePage() {
  const { t } = useTranslation(['learner-home', 'practice', 'common']);
  const navigate = useNavigate();
  const home = useQuery(studentHomeQuery());
  if (home.isError && !home.data) return <LoadFailed error={home.error} onRetry={() => home.refetch()} />;
  const data = home.data;
  if (!data) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} lg={6}>
        <Card data-testid="home-stat-site">
          <Statistic title={t('organisation')} value={data.site.name} />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Link to="/trainingcamp/mytrain" className="stat-card-link" data-testid="home-stat-sets">
          <Card hoverable>
            <Statistic title={t('joined_sets')} value={data.joined_sets} />
          </Card>
        </Link>
      </Col>
      <Col xs={12} lg={6}>
        <Link to="/trainingcamp/mywrong" className="stat-card-link" data-testid="home-stat-wrong">
          <Card hoverable>
            <Statistic title={t('wrong_book_size')} value={data.wrong_book.total} />
          </Card>
        </Link>
      </Col>
      <Col xs={12} lg={6}>
        <Link to="/myinfo/certs" className="stat-card-link" data-testid="home-stat-certs">
          <Card hoverable>
            <Statistic title={t('certificates')} value={data.certificates} />
          </Card>
        </Link>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t('next_title')}
          extra={<Link to="/trainingcamp/train">{t('all_sets')}</Link>}
          data-testid="home-next"
        >
          {data.next_sets.length === 0 ? (
            <Empty description={t('next_empty')}>
              <Button type="primary" onClick={() => navigate('/trainingcamp/train')}>
                {t('browse_sets')}
              </Button>
            </Empty>
          ) : (
            <List
              dataSource={data.next_sets}
              renderItem={(set) => (
                <List.Item
                  key={set.id}
                  actions={[
                    <Link key="go" to={trainDetailPath(set.id)} data-testid={`home-next-${set.id}`}>
                      {t('practise_now')}
                    </Link>,
                  ]}
                >
                  <List.Item.Meta
                    title={set.name}
                    description={t('practice:progress', {
                      answered: set.my_answered,
                      total: set.data_count,
                      correct: set.my_correct,
                    })}
                  />
                  <Progress percent={share(set)} size="small" style={{ width: 140 }} aria-label={t('progress_col')} />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t('wrong_title')}
          extra={<Link to="/trainingcamp/mywrong">{t('open_wrong_book')}</Link>}
          data-testid="home-wrong"
        >
          {data.wrong_book.total === 0 ? (
            <Empty description={t('wrong_empty')} />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <span>
                {data.wrong_book.n > 0 ? t('wrong_due', { n: data.wrong_book.n }) : t('practice:wrong_rule_never')}
              </span>
              <Space wrap data-testid="home-wrong-categories">
                {data.wrong_book.categories.map((c) => (
                  <Tag key={c.category_id} color="red">
                    {c.name} · {c.count}
                  </Tag>
                ))}
              </Space>
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t('recent_practice')}
          extra={<Link to="/trainingcamp/selfexamrecord">{t('all_records')}</Link>}
          data-testid="home-recent-practice"
        >
          {data.recent_practice.length === 0 ? (
            <Empty description={t('recent_practice_empty')} />
          ) : (
            <List
              dataSource={data.recent_practice}
              renderItem={(session) => (
                <List.Item
                  key={session.id}
                  actions={[
                    <Link key="result" to={resultPath(session.id)}>
                      {t('practice:result')}
                    </Link>,
                  ]}
                >
                  <List.Item.Meta
                    title={session.set_name ?? t('practice:wrong_book_practice')}
                    description={formatTime(session.started_at)}
                  />
                  <span data-testid={`home-score-${session.id}`}>
                    {session.finished_at ? t('score', { score: session.score }) : t('practice:in_progress')}
                  </span>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('recent_exams')} data-testid="home-recent-exams">
          {data.recent_exams.length === 0 ? (
            <Empty description={t('recent_exams_empty')} />
          ) : (
            <List
              dataSource={data.recent_exams}
              renderItem={(exam) => (
                <List.Item key={exam.id}>
                  <List.Item.Meta title={exam.exam_name} description={formatTime(exam.submitted_at)} />
                  <Space>
                    <span>{t('exam_score', { score: exam.score, total: exam.total_score })}</span>
                    <Tag color={exam.passed ? 'green' : 'red'}>{exam.passed ? t('passed') : t('failed')}</Tag>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
