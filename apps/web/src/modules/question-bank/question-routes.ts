import { createContext, useContext } from 'react';

/**
 * Where question links lead: the content manager's pages (`/dataset/...`), or, for a teacher, views inside
 * `/dataset/private-data` (a teacher's role has no content-management pages).
 */
export interface QuestionRoutes {
  list: string;
  detail: (id: number, tab?: string) => string;
  /** The editor: a question's id, or a new question (optionally in a category). */
  edit: (id?: number, categoryId?: number) => string;
}

export const MANAGER_ROUTES: QuestionRoutes = {
  list: '/dataset/data',
  detail: (id, tab = 'view') => `/dataset/data-detail/${tab}/${id}`,
  edit: (id, categoryId) =>
    id !== undefined
      ? `/dataset/edit-data?id=${id}`
      : `/dataset/edit-data${categoryId !== undefined ? `?category_id=${categoryId}` : ''}`,
};

export const TEACHER_ROUTES: QuestionRoutes = {
  list: '/dataset/private-data',
  detail: (id, tab) => `/dataset/private-data?view=${id}${tab ? `&tab=${tab}` : ''}`,
  edit: (id, categoryId) =>
    `/dataset/private-data?edit=${id ?? 'new'}${id === undefined && categoryId !== undefined ? `&category_id=${categoryId}` : ''}`,
};

export const QuestionRoutesContext = createContext<QuestionRoutes>(MANAGER_ROUTES);

export function useQuestionRoutes(): QuestionRoutes {
  return useContext(QuestionRoutesContext);
}

/** A positive whole number from a route or query parameter, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
