import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type Files = Record<string, string>;

/**
 * Extra files given to the program (user) or to the checker (judge): name → content. Each file is a
 * tag; clicking it edits, its close icon deletes (with the editor's messages).
 */
export function ExtraFilesEditor({ value, onChange, testId }: { value?: Files | null; onChange?: (v: Files) => void; testId?: string }) {
  const { t } = useTranslation();
  const files = value ?? {};
  const [editing, setEditing] = useState<{ original: string | null } | null>(null);
  const [form] = Form.useForm<{ name: string; content: string }>();

  const open = (name: string | null) => {
    form.setFieldsValue({ name: name ?? '', content: name ? (files[name] ?? '') : '' });
    setEditing({ original: name });
  };
  const save = async () => {
    const { name, content } = await form.validateFields();
    const next = { ...files };
    if (editing?.original && editing.original !== name) delete next[editing.original];
    next[name.trim()] = content;
    onChange?.(next);
    setEditing(null);
  };
  const remove = (name: string) => {
    const next = { ...files };
    delete next[name];
    onChange?.(next);
  };

  return (
    <div data-testid={testId}>
      <Space wrap>
        {Object.keys(files).map((name) => (
          <Tag key={name} closable onClose={() => remove(name)} className="oj-admin-file-tag" onClick={() => open(name)}>
            {name}
          </Tag>
        ))}
        <Button size="small" icon={<PlusOutlined />} onClick={() => open(null)}>
          {t('admin.problem.addFile')}
        </Button>
      </Space>
      <Modal
        open={!!editing}
        title={editing?.original ? t('admin.problem.editFile') : t('admin.problem.addFile')}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('admin.problem.fileName')}
            rules={[
              { required: true, whitespace: true, message: t('admin.problem.fileNameRequired') },
              { pattern: /^[A-Za-z0-9._-]+$/, message: t('admin.problem.fileNameChars') },
              {
                validator: (_r, v: string) =>
                  v && v.trim() !== editing?.original && v.trim() in files ? Promise.reject(new Error(t('admin.problem.fileNameExists'))) : Promise.resolve(),
              },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label={t('admin.problem.fileContent')} rules={[{ required: true, message: t('admin.problem.fileContentRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} className="oj-mono" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
