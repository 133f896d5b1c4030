import { PassedQuestionPicker } from '../question-bank/index.ts';
import { PRACTICE_SETS_KEY } from './queries.ts';

/**
 * Picks single questions for a pool among the organisation's passed questions a machine grades (what a pool keeps,
 * docs/question-types.md); chosen ones show by name.
 */
export function QuestionPicker({
  value,
  onChange,
  known,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: readonly { id: number; name: string }[];
}) {
  return (
    <PassedQuestionPicker
      value={value}
      onChange={onChange}
      known={known.map((q) => ({ id: q.id, text: q.name }))}
      ns="practice-sets"
      queryKey={PRACTICE_SETS_KEY}
      testId="practice-set-questions"
      autoGradedOnly
      withType
    />
  );
}
