// Front door of the question-bank module: what other modules use (its pages are in pages.ts).

export { HtmlContent } from './HtmlContent.tsx';
export { NodePicker } from './KnowledgePickers.tsx';
export { PassedQuestionPicker } from './PassedQuestionPicker.tsx';
export { QuestionKey } from './QuestionKey.tsx';
export { QuestionView } from './QuestionView.tsx';
export { categoryOptions, categoryTreeQuery, useQuestionBankChanged } from './queries.ts';
export { ReviewTag, TypeTag } from './question-format.tsx';
export { idParam } from './question-routes.ts';
export { RichBox } from './RichBox.tsx';
