import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EXPERIMENT_LIMITS } from '@app/contracts/procedures/experiments.ts';
import { Button, Card, Checkbox, Empty, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface CaseValues {
  stdin: string;
  expected: string;
  comparison: 'exact' | 'trim' | 'tokens';
  weight: number;
  hidden: boolean;
}

const NEW_CASE: CaseValues = { stdin: '', expected: '', comparison: 'trim', weight: 1, hidden: false };

/** The experiment's test cases inside its form (`cases`): add, remove and reorder; each with its rule and weight. */
export function CasesField() {
  const { t } = useTranslation('experiments');
  return (
    <Form.List name="cases">
      {(fields, { add, remove, move }) => (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="experiment-cases">
          {fields.length === 0 && <Empty description={t('cases_empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={t('case_n', { n: index + 1 })}
              data-testid={`experiment-case-${index}`}
              extra={
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('case_up')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('case_down')}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('case_remove')}
                    onClick={() => remove(index)}
                    data-testid={`experiment-case-remove-${index}`}
                  />
                </Space>
              }
            >
              <div className="experiment-case-grid">
                <Form.Item name={[field.name, 'stdin']} label={t('case_stdin')}>
                  <Input.TextArea
                    className="experiment-code-textarea"
                    autoSize={{ minRows: 2, maxRows: 8 }}
                    maxLength={EXPERIMENT_LIMITS.stdin}
                    spellCheck={false}
                    data-testid={`experiment-case-stdin-${index}`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'expected']} label={t('case_expected')}>
                  <Input.TextArea
                    className="experiment-code-textarea"
                    autoSize={{ minRows: 2, maxRows: 8 }}
                    maxLength={EXPERIMENT_LIMITS.expected}
                    spellCheck={false}
                    data-testid={`experiment-case-expected-${index}`}
                  />
                </Form.Item>
              </div>
              <Space wrap>
                <Form.Item name={[field.name, 'comparison']} label={t('case_comparison')}>
                  <Select
                    style={{ width: 200 }}
                    aria-label={t('case_comparison')}
                    options={(['trim', 'exact', 'tokens'] as const).map((c) => ({
                      value: c,
                      label: t(`comparison_${c}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'weight']} label={t('case_weight')}>
                  <InputNumber min={EXPERIMENT_LIMITS.weight.min} max={EXPERIMENT_LIMITS.weight.max} />
                </Form.Item>
                <Form.Item name={[field.name, 'hidden']} label={t('case_hidden')} valuePropName="checked">
                  <Checkbox data-testid={`experiment-case-hidden-${index}`}>{t('case_hidden_help')}</Checkbox>
                </Form.Item>
              </Space>
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ ...NEW_CASE })}
            disabled={fields.length >= EXPERIMENT_LIMITS.cases}
            data-testid="experiment-case-add"
          >
            {t('case_add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
