import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { detailTabOf, QuestionDetail } from './QuestionDetail.tsx';
import { QuestionEditorLoader } from './QuestionEditorPage.tsx';
import { QuestionTable } from './QuestionTable.tsx';
import { idParam, QuestionRoutesContext, TEACHER_ROUTES } from './question-routes.ts';
import './question-bank.css';

/**
 * `/dataset/private-data`: a teacher's own questions, with their review status and, for failed ones, the reason.
 * The teacher's role has no content-management pages, so the editor (`?edit=new|<id>`, `&category_id=`) and the
 * question's detail (`?view=<id>`) open inside this page.
 */
export function PrivateDataPage() {
  const [params] = useSearchParams();
  const edit = params.get('edit');
  const view = params.get('view');
  let content: ReactNode;
  if (edit !== null) {
    content = (
      <QuestionEditorLoader
        id={edit === 'new' ? null : idParam(edit)}
        categoryId={idParam(params.get('category_id'))}
      />
    );
  } else if (view !== null) {
    content = <QuestionDetail key={view} id={idParam(view)} initialTab={detailTabOf(params.get('tab'))} />;
  } else {
    content = (
      <Card>
        <QuestionTable mine />
      </Card>
    );
  }
  return <QuestionRoutesContext.Provider value={TEACHER_ROUTES}>{content}</QuestionRoutesContext.Provider>;
}
