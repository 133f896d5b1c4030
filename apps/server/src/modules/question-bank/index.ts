// Front door of the question-bank module (others import it only from here). The question bank: procedures, the image
// route, categories, and writing and listing questions.

export { autoGradedCondition } from './auto-graded.ts';
export { loadCategoryIndex } from './categories.queries.ts';
export {
  questionCategoryImplementations,
  questionImplementations,
  selfDataImplementations,
} from './question-bank.procedures.ts';
export type { PreparedContent } from './question-html.ts';
export { prepareQuestionContent, sanitiseQuestionHtml } from './question-html.ts';
export { registerQuestionImageRoute } from './question-image.route.ts';
export type { QuestionInput } from './question-writes.ts';
export { checkQuestionRefs, questionValues, recordQuestion } from './question-writes.ts';
export { listQuestions } from './questions.queries.ts';
export { loadQuestionsById, type QuestionForUse } from './questions-by-id.queries.ts';
