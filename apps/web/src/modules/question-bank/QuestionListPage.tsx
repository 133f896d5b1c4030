import { ImportOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportQuestionsButton } from './ExportQuestionsButton.tsx';
import { QuestionTable } from './QuestionTable.tsx';
import './question-bank.css';

/** `/dataset/data`: the organisation's question bank with filters, paging, the row actions, import and export. */
export function QuestionListPage() {
  const { t } = useTranslation('question-transfer');
  return (
    <Card>
      <QuestionTable
        toolbar={(filter) => (
          <>
            <Link to={`/dataset/import-category-data${filter.category_id ? `?category_id=${filter.category_id}` : ''}`}>
              <Button icon={<ImportOutlined />} data-testid="qb-import">
                {t('title')}
              </Button>
            </Link>
            <ExportQuestionsButton filter={filter} />
          </>
        )}
      />
    </Card>
  );
}
