import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { TAnswerFile } from '@app/contracts';
import { ANSWER_FILE_EXTENSIONS, ANSWER_LIMITS } from '@app/contracts/question-answers.ts';
import { App, Button, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { formatBytes } from '../../shared/format.ts';
import { uploadRequest } from '../../shared/upload-request.ts';

const ACCEPT = ANSWER_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * The files of an essay that takes them (images, pdf, docx; at most ANSWER_LIMITS.files, each at most
 * ANSWER_LIMITS.fileBytes): each is uploaded to the attempt at once with its progress, then named by the answer;
 * a file can be taken out again before the attempt is submitted.
 */
export function ExamAnswerFiles({
  attemptId,
  questionId,
  files,
  disabled,
  onChange,
}: {
  attemptId: number;
  questionId: number;
  files: readonly TAnswerFile[];
  disabled: boolean;
  onChange: (files: TAnswerFile[]) => void;
}) {
  const { t } = useTranslation('exam-taking');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const full = files.length >= ANSWER_LIMITS.files;

  const send = async (file: File) => {
    if (file.size > ANSWER_LIMITS.fileBytes) {
      void message.error(t('answer_file_too_large', { name: file.name, size: formatBytes(ANSWER_LIMITS.fileBytes) }));
      return;
    }
    setPercent(0);
    try {
      const stored = await uploadRequest(
        '/dataset-examine/answer-file',
        { attempt_id: attemptId, question_id: questionId },
        [file],
        { onProgress: (sent) => setPercent(sent) },
      );
      onChange([...files, stored]);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="exam-fields" data-testid="exam-answer-files">
      {files.length > 0 ? (
        <ul className="exam-review-list">
          {files.map((file) => (
            <li key={file.key} data-testid="exam-answer-file">
              <PaperClipOutlined /> {file.name}{' '}
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>{' '}
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={disabled}
                aria-label={t('answer_file_remove', { name: file.name })}
                onClick={() => onChange(files.filter((f) => f.key !== file.key))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {percent !== null ? <Progress percent={percent} size="small" data-testid="exam-answer-file-progress" /> : null}
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          disabled={disabled || full || percent !== null}
          onClick={() => input.current?.click()}
          data-testid="exam-answer-file-add"
        >
          {t('answer_file_add')}
        </Button>
        <Typography.Text type="secondary">
          {full
            ? t('answer_files_full', { count: ANSWER_LIMITS.files })
            : t('answer_files_help', { count: ANSWER_LIMITS.files, size: formatBytes(ANSWER_LIMITS.fileBytes) })}
        </Typography.Text>
      </Space>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="exam-answer-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
    </div>
  );
}
