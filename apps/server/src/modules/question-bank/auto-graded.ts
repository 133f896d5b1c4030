import { BY_HAND_WHEN_ASKED_TYPES, HAND_MARKED_TYPES } from '@app/contracts';
import { schema } from '@app/db';
import { and, inArray, not, notInArray, type SQL, sql } from 'drizzle-orm';

const { questions } = schema;

/**
 * The SQL twin of the contracts' `autoGraded` on `questions`, built from the same type lists: not a type a teacher
 * always marks, nor a short answer whose key asks for marking by hand.
 */
export function autoGradedCondition(): SQL {
  return and(
    notInArray(questions.type, [...HAND_MARKED_TYPES]),
    not(
      and(
        inArray(questions.type, [...BY_HAND_WHEN_ASKED_TYPES]),
        sql`coalesce((${questions.spec}->>'by_hand')::boolean, false)`,
      )!,
    ),
  )!;
}
