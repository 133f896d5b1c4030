import type { TAnswerResponse, TInteractQuestion, TRunStudentView } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExamResponseInput, ResponseReview } from '../exam-taking/index.ts';
import { ChoiceTiles } from './ChoiceTiles.tsx';

/**
 * A question's answer area on the student's screen, live or self-paced: the choice tiles (the key marked once
 * revealed) or the input of the other types (the given answer reviewed once closed), and the send button while the
 * student may answer.
 */
export function AnswerInputs({
  question,
  closed,
  mine,
  revealed,
  chosen,
  onChoose,
  response,
  onRespond,
  canAnswer,
  sending,
  onSend,
}: {
  question: TInteractQuestion;
  closed: boolean;
  mine: TRunStudentView['my_answer'];
  /** The key once revealed, else null. */
  revealed: Pick<TRunStudentView, 'correct_options' | 'spec'> | null;
  chosen: number[];
  onChoose: (chosen: number[]) => void;
  response: TAnswerResponse | null;
  onRespond: (response: TAnswerResponse | null) => void;
  canAnswer: boolean;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation('interactions');
  const choice = isChoiceType(question.type);
  return (
    <>
      {choice ? (
        <ChoiceTiles
          question={question}
          chosen={chosen}
          disabled={!canAnswer || sending}
          correct={revealed?.correct_options ?? null}
          onChange={onChoose}
        />
      ) : closed && mine ? (
        <ResponseReview question={{ ...question, response: mine.response, spec: revealed?.spec ?? null }} />
      ) : (
        <ExamResponseInput
          question={question}
          response={response}
          disabled={!canAnswer || sending}
          onRespond={onRespond}
          onCommit={() => undefined}
          attemptId={0}
        />
      )}
      {canAnswer ? (
        <Button
          type="primary"
          size="large"
          block
          loading={sending}
          disabled={choice ? chosen.length === 0 : response === null}
          onClick={onSend}
          data-testid="interact-submit"
        >
          {mine ? t('change_answer') : t('submit_answer')}
        </Button>
      ) : null}
    </>
  );
}
