import { useParams } from 'react-router';
import { detailTabOf, QuestionDetail } from './QuestionDetail.tsx';
import { idParam } from './question-routes.ts';
import './question-bank.css';

/** `/dataset/data-detail/{tab?}/{id?}` (tab: view, records, similar); `/dataset/data-detail/<id>` opens the view. */
export function QuestionDetailPage() {
  const params = useParams();
  const id = idParam(params.id ?? (params.tab && /^\d+$/.test(params.tab) ? params.tab : undefined));
  return <QuestionDetail key={id ?? 0} id={id} initialTab={detailTabOf(params.tab)} />;
}
