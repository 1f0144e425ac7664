import { Form, Switch } from 'antd';

/**
 * A switch of a settings form with its label on the left and what it does underneath (the judging
 * switches and the discussion config). `testId` names the switch for tests.
 */
export function SwitchRow({ name, label, help, testId }: { name: string; label: string; help: string; testId: string }) {
  return (
    <Form.Item label={label} extra={help} className="oj-switch-row">
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch data-testid={testId} aria-label={label} />
      </Form.Item>
    </Form.Item>
  );
}
