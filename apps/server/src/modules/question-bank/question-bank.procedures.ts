import {
  questionBankCategoryProcedures as c,
  selfDataProcedures as p,
  questionBankProcedures as q,
} from '@app/contracts';
import { implement, implementUpload } from '../../platform/procedures.ts';
import { categoryDetail, categoryRow, categoryTree, listCategories } from './categories.queries.ts';
import { createCategory } from './create-category.service.ts';
import { createQuestion } from './create-question.service.ts';
import { deleteCategory } from './delete-category.service.ts';
import { deleteQuestions } from './delete-questions.service.ts';
import { loadQuestion, questionDetail, questionHistory, searchHistory } from './questions.queries.ts';
import { searchQuestions } from './search-questions.service.ts';
import { similarPairs } from './similar-questions.queries.ts';
import { submitPrivateQuestions } from './submit-private-questions.service.ts';
import { updateCategory } from './update-category.service.ts';
import { updateQuestion } from './update-question.service.ts';
import { uploadQuestionImage } from './upload-question-image.service.ts';
import { verifyCategories } from './verify-categories.service.ts';
import { verifyQuestions } from './verify-questions.service.ts';

/** The question bank's categories (module 10): a tree per organisation with its review. */
export const questionCategoryImplementations = [
  implement(c.datasetCategoryTree, async (input, ctx) => ({
    list: await categoryTree(ctx.db, ctx.session.siteId, input.passed_only),
  })),
  implement(c.datasetCategoryList, async (input, ctx) => listCategories(ctx.db, ctx.session.siteId, input)),
  implement(c.datasetCategoryDetail, async (input, ctx) => categoryDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(c.datasetCategoryCreate, async (input, ctx) =>
    categoryRow(ctx.db, ctx.session.siteId, (await createCategory(ctx, input)).id),
  ),
  implement(c.datasetCategoryUpdate, async (input, ctx) =>
    categoryRow(ctx.db, ctx.session.siteId, (await updateCategory(ctx, input)).id),
  ),
  implement(c.datasetCategoryDelete, async (input, ctx) => deleteCategory(ctx, input.id)),
  implement(c.datasetCategoryVerify, async (input, ctx) => verifyCategories(ctx, input)),
];

/** A teacher's private categories (`/self-data/category`): the same services on the caller's own tree. */
const PRIVATE = { private: true };
export const selfDataImplementations = [
  implement(p.selfDataCategoryTree, async (_input, ctx) => ({
    list: await categoryTree(ctx.db, ctx.session.siteId, false, ctx.session.userId),
  })),
  implement(p.selfDataCategoryCreate, async (input, ctx) => createCategory(ctx, input, PRIVATE)),
  implement(p.selfDataCategoryUpdate, async (input, ctx) => updateCategory(ctx, input, PRIVATE)),
  implement(p.selfDataCategoryDelete, async (input, ctx) => deleteCategory(ctx, input.id, PRIVATE)),
  implement(p.selfDataSubmit, async (input, ctx) => submitPrivateQuestions(ctx, input)),
];

/** The question bank's questions (module 10): editing, review, history, search and near-duplicates. */
export const questionImplementations = [
  implement(q.datasetDataList, async (input, ctx) => searchQuestions(ctx, input)),
  implement(q.datasetDataDetail, async (input, ctx) => questionDetail(ctx, input.id)),
  implement(q.datasetDataCreate, async (input, ctx) => createQuestion(ctx, input)),
  implement(q.datasetDataUpdate, async (input, ctx) => updateQuestion(ctx, input)),
  implement(q.datasetDataDelete, async (input, ctx) => deleteQuestions(ctx, input)),
  implement(q.datasetDataVerify, async (input, ctx) => verifyQuestions(ctx, input)),
  implement(q.datasetDataRecords, async (input, ctx) => questionHistory(ctx.db, ctx.session.siteId, input)),
  implement(q.datasetDataSimilar, async (input, ctx) => {
    const siteId = ctx.session.siteId;
    const target = input.id === undefined ? undefined : await loadQuestion(ctx.db, siteId, input.id);
    return similarPairs(ctx.db, siteId, { ...input, questionId: target?.id, stemText: target?.stemText });
  }),
  implement(q.datasetDataSearchRecords, async (input, ctx) => searchHistory(ctx.db, ctx.session.siteId, input)),
  implementUpload(q.datasetDataImageUpload, async (_input, ctx, files) => uploadQuestionImage(ctx, files)),
];
