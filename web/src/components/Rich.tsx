import { Fragment, type ReactNode } from 'react';

const TOKEN = /<(bdi|ltr|strong)>(.*?)<\/\1>|\{\{(\w+)\}\}/g;

function fill(text: string, values: Record<string, ReactNode>, key: string): ReactNode[] {
  return text.split(/(\{\{\w+\}\})/).map((part, i) => {
    const m = /^\{\{(\w+)\}\}$/.exec(part);
    return <Fragment key={`${key}-${i}`}>{m ? values[m[1]] : part}</Fragment>;
  });
}

/**
 * A translated sentence with markup, from a resource file: `<bdi>{{name}}</bdi>` keeps a name in
 * its own direction, `<ltr>…</ltr>` is written left to right (an address), `<strong>` stresses.
 * Values are put in after the markup is read, so a name containing "<" stays plain text. Pass the
 * translation without values (`t('from')`): i18next leaves `{{name}}` for this component.
 */
export function Rich({ text, values = {} }: { text: string; values?: Record<string, ReactNode> }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `t${at}`;
    if (m[1] === 'bdi') out.push(<bdi key={key}>{fill(m[2], values, key)}</bdi>);
    else if (m[1] === 'ltr')
      out.push(
        <bdi key={key} dir="ltr">
          {fill(m[2], values, key)}
        </bdi>,
      );
    else if (m[1] === 'strong') out.push(<strong key={key}>{fill(m[2], values, key)}</strong>);
    else out.push(<Fragment key={key}>{values[m[3]]}</Fragment>);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
