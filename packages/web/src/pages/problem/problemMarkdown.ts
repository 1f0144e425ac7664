import type { ProblemDetail } from '@oj/shared';

/** The statement as Markdown, for administrators who copy a problem elsewhere. */
export function problemAsMarkdown(
  { problem: p, tags }: ProblemDetail,
  labels: Record<'description' | 'input' | 'output' | 'sampleInput' | 'sampleOutput' | 'hint' | 'source' | 'limits', string>,
): string {
  const parts = [`# ${p.problemId} ${p.title}`, `${labels.limits}: ${p.timeLimit} ms / ${p.memoryLimit} MB`];
  if (tags.length) parts.push(tags.map((t) => `\`${t.name}\``).join(' '));
  const section = (title: string, body: string) => body.trim() && parts.push(`## ${title}\n\n${body.trim()}`);
  section(labels.description, p.description);
  section(labels.input, p.input);
  section(labels.output, p.output);
  p.examples.forEach((e, i) => {
    parts.push(`## ${labels.sampleInput} ${i + 1}\n\n\`\`\`\n${e.input}\n\`\`\``);
    parts.push(`## ${labels.sampleOutput} ${i + 1}\n\n\`\`\`\n${e.output}\n\`\`\``);
  });
  section(labels.hint, p.hint);
  section(labels.source, p.source);
  return `${parts.join('\n\n')}\n`;
}
