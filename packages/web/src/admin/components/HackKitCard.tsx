import { Alert, Button, Card, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HackKit } from '@oj/shared';
import { ApiError } from '../../api/client';
import { contestHackApi, contestHackKeys } from '../../api/contestHack';
import { useLanguages } from '../../api/queries';
import { feedback } from '../../app/feedback';
import { CodeEditor } from './CodeEditor';

/** Validator source types a judge compiles (Polygon's names); testlib.h is beside the source. */
const VALIDATOR_TYPES = ['cpp.g++17', 'c.gcc', 'python.3', 'java8'];

/**
 * A problem's hack kit (contest hacks): the input validator (testlib, or a Kattis one whose "valid" is
 * exit 42) and the reference solution whose output answers a hack. Saved on its own, beside the problem's
 * form: a problem without one cannot be hacked. A judge compiles both before the save; a refusal (which
 * program, the compiler's output) stays on the card until the next save.
 */
export function HackKitCard({ pid }: { pid: number }) {
  const { t } = useTranslation();
  const languages = useLanguages();
  const kit = useQuery({ queryKey: contestHackKeys.kit(pid), queryFn: () => contestHackApi.kit(pid, { silent: true }) });
  const [value, setValue] = useState<Omit<HackKit, 'pid'>>({
    validatorType: 'cpp.g++17',
    validatorCode: '',
    validatorOkExit: 0,
    referenceLanguage: 'C++',
    referenceCode: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (kit.data) setValue(kit.data);
  }, [kit.data]);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await contestHackApi.saveKit({ pid, ...value });
      feedback.success(t('admin.problem.hackKit.saved'));
    } catch (e) {
      // The call is silent: its refusal (often a compiler's output) is shown here, where it can be read.
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const set = (o: Partial<typeof value>) => setValue((v) => ({ ...v, ...o }));
  return (
    <Card
      title={t('admin.problem.hackKit.title')}
      data-testid="hack-kit"
      extra={
        <Button onClick={() => void save()} loading={busy} disabled={!value.validatorCode.trim() || !value.referenceCode.trim()} data-testid="hack-kit-save">
          {t('admin.problem.hackKit.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('admin.problem.hackKit.hint')}</Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={<span style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>{error}</span>}
          data-testid="hack-kit-error"
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Row gutter={8} wrap={false}>
            <Col flex="auto">
              <Form.Item label={t('admin.problem.hackKit.validator')} layout="vertical">
                <Select
                  value={value.validatorType}
                  onChange={(v) => set({ validatorType: v })}
                  options={VALIDATOR_TYPES.map((v) => ({ value: v, label: v }))}
                />
              </Form.Item>
            </Col>
            <Col flex="none">
              <Form.Item label={t('admin.problem.hackKit.okExit')} tooltip={t('admin.problem.hackKit.okExitHint')} layout="vertical">
                <InputNumber
                  min={0}
                  max={255}
                  precision={0}
                  value={value.validatorOkExit}
                  onChange={(v) => set({ validatorOkExit: v ?? 0 })}
                  style={{ width: 120 }}
                  data-testid="hack-kit-ok-exit"
                />
              </Form.Item>
            </Col>
          </Row>
          <CodeEditor value={value.validatorCode} onChange={(v) => set({ validatorCode: v })} language="C++" height="240px" testId="hack-kit-validator" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('admin.problem.hackKit.reference')} layout="vertical">
            <Select
              value={value.referenceLanguage}
              onChange={(v) => set({ referenceLanguage: v })}
              options={(languages.data ?? []).map((l) => ({ value: l.name, label: l.name }))}
            />
          </Form.Item>
          <CodeEditor
            value={value.referenceCode}
            onChange={(v) => set({ referenceCode: v })}
            language={value.referenceLanguage}
            height="240px"
            testId="hack-kit-reference"
          />
        </Col>
      </Row>
    </Card>
  );
}
