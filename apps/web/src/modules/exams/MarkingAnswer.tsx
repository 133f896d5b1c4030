import { PaperClipOutlined } from '@ant-design/icons';
import type { TMarkingAnswer } from '@app/contracts';
import { ANSWER_FILE_URL_PREFIX } from '@app/contracts/question-answers.ts';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session/session-context.tsx';

/**
 * What the candidate answered: the text as typed (line breaks and spaces kept), the essay's files as links (served to
 * the exam's markers at `/api/file/answer-files/<organisation>/<key>`), and who marked it before, when somebody did
 * (both marks side by side for an answer chosen for a second mark: MarkingSecond.tsx).
 */
export function MarkingAnswer({ answer }: { answer: TMarkingAnswer }) {
  const { t } = useTranslation('exam-marking');
  const siteId = useSession().detail.user.site.id;
  const text = answer.response?.text ?? '';
  const files = answer.response?.files ?? [];
  return (
    <div data-testid="marking-answer">
      {text.trim() === '' ? (
        <Typography.Text type="secondary">{t('no_text')}</Typography.Text>
      ) : (
        <div
          data-testid="marking-answer-text"
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 420,
            overflowY: 'auto',
            padding: 12,
            background: 'rgba(0, 0, 0, 0.02)',
            border: '1px solid rgba(0, 0, 0, 0.06)',
            borderRadius: 6,
          }}
        >
          {text}
        </div>
      )}
      {files.length > 0 && (
        <Space orientation="vertical" size={2} style={{ marginTop: 8 }} data-testid="marking-answer-files">
          <Typography.Text type="secondary">{t('files', { count: files.length })}</Typography.Text>
          {files.map((file) => (
            <Typography.Link
              key={file.key}
              href={`${ANSWER_FILE_URL_PREFIX}${siteId}/${file.key}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <PaperClipOutlined /> {file.name}{' '}
              <Typography.Text type="secondary">({formatBytes(file.size)})</Typography.Text>
            </Typography.Link>
          ))}
        </Space>
      )}
      {/* An answer chosen for a second mark shows both marks side by side instead (SecondMarkCompare). */}
      {answer.marked_at !== null && !answer.second_wanted && (
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 8, marginBottom: 0 }}
          data-testid="marking-marked-by"
        >
          {t('marked_by', {
            name: answer.marked_by_name ?? '-',
            time: formatTime(answer.marked_at),
            points: answer.points ?? '-',
            max: answer.max_points,
          })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
