import type { TCourseTask } from '@app/contracts';
import { COURSE_LIMITS } from '@app/contracts/procedures/courses.ts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PassedQuestionPicker } from '../question-bank/index.ts';
import { COURSES_KEY } from './queries.ts';

/**
 * A material task's self-test: up to 30 questions a machine grades, searched among the organisation's passed
 * questions (those already chosen stay shown by their text). Its students take it as often as they like once the
 * material is open; it does not count in the course score.
 */
export function CourseSelfTestField({ known }: { known?: TCourseTask | undefined }) {
  const { t } = useTranslation('courses');
  return (
    <Form.Item
      name="self_test_question_ids"
      label={t('self_test_label')}
      extra={t('self_test_help', { max: COURSE_LIMITS.selfTestQuestions })}
      rules={[
        {
          validator: async (_rule, value: number[] | undefined) => {
            if ((value?.length ?? 0) > COURSE_LIMITS.selfTestQuestions)
              throw new Error(t('self_test_too_many', { max: COURSE_LIMITS.selfTestQuestions }));
          },
        },
      ]}
    >
      <PassedQuestionPicker
        known={known?.self_test_questions ?? []}
        ns="courses"
        queryKey={[...COURSES_KEY, 'self-test-questions']}
        testId="task-self-test-questions"
        withType
        autoGradedOnly
      />
    </Form.Item>
  );
}
