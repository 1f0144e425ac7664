/** Remote HTML statements with TeX: paragraphs become Markdown paragraphs so their `$…$` is typeset; the rest is kept. */
import { describe, expect, it } from 'vitest';
import { statementForMath } from '../src/modules/remote/statement-math.js';

describe('statementForMath', () => {
  it('unwraps paragraphs holding TeX into Markdown paragraphs, inline HTML and display math kept', () => {
    const html = '<p>A square of $n \\times m$ meters.</p><p><img class="tex-graphics" src="https://x/1.png"/></p>$$a^2$$';
    expect(statementForMath(html)).toBe('A square of $n \\times m$ meters.\n\n<img class="tex-graphics" src="https://x/1.png"/>\n\n$$a^2$$');
  });

  it('leaves a statement without TeX alone, and preformatted parts as they are', () => {
    expect(statementForMath('<p>No math here.</p>')).toBe('<p>No math here.</p>');
    const pre = '<pre>  two spaces\n<p>kept</p>\n</pre>';
    expect(statementForMath(`<p>Cost $c$:</p>\n   ${pre}`)).toBe(`Cost $c$:\n\n${pre}`);
  });
});
