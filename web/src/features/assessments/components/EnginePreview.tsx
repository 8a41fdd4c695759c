import { useEffect, useRef, useState } from 'react';
import { labelCells } from '@/components/braille/describe';
import { useBrailleTable } from '@/components/braille/table';
import { useUiLang } from '@/components/braille/i18n';
import { type Code } from '@/components/braille/cells';
import { loadErrorText } from '@/lib/query';
import { UNCONTRACTED, type Translation, type Writing } from '../api/assessments';
import { useEngineTranslation } from '../api/queries';
import { useAssessmentsT } from '../i18n';
import { CellRow } from './CellRow';

export interface EngineState {
  status: 'empty' | 'loading' | 'ready' | 'error';
  data: Translation | null;
  error: string;
}

/** The engine's Braille of one line of print in `code`, fetched after a short pause in typing. */
export function useEngineBraille(print: string, code: Code, writing: Writing = UNCONTRACTED, delayMs = 350): EngineState {
  const { t: txt } = useAssessmentsT();
  const text = print.trim();
  const key = `${code}:${writing.grade}:${writing.contractions?.join(',') ?? '*'}:${text}`;
  const writingRef = useRef(writing);
  writingRef.current = writing;
  // What was on screen when typing paused: the query is keyed on it.
  const [settled, setSettled] = useState<{ key: string; text: string; code: Code; writing: Writing } | null>(null);

  useEffect(() => {
    if (!text) return;
    const t = window.setTimeout(() => setSettled({ key, text, code, writing: writingRef.current }), delayMs);
    return () => window.clearTimeout(t);
  }, [text, code, key, delayMs]);

  const current = settled?.key === key && text ? settled : null;
  const query = useEngineTranslation(current);

  if (!text) return { status: 'empty', data: null, error: '' };
  if (!current) return { status: 'loading', data: null, error: '' };
  if (query.data) return { status: 'ready', data: query.data, error: '' };
  if (query.error) return { status: 'error', data: null, error: loadErrorText(query.error, txt('common.loadError')) };
  return { status: 'loading', data: null, error: '' };
}

interface Props {
  id: string;
  print: string;
  code: Code;
  /** The course's grade and taught contractions (uncontracted when absent). */
  writing?: Writing;
  /** The heading-like label of the preview. */
  label: string;
}

/**
 * The cells the engine computes for the print, shown for review: drawn cells each named by its
 * dots and meaning, the Unicode Braille and the dots in words, and the characters with no
 * Braille form. Not a live region: it changes with every key, and is read when reached.
 */
export function EnginePreview({ id, print, code, writing = UNCONTRACTED, label }: Props) {
  const { t: txt } = useAssessmentsT();
  const ui = useUiLang();
  const { table } = useBrailleTable(code);
  const engine = useEngineBraille(print, code, writing);
  const cells = engine.data?.cells ?? [];
  // A contracted cell is not the grade 1 symbol it looks like (⠮ is "the", not "!"): dots only.
  const labelled = labelCells(cells, writing.grade === 2 ? null : table, code, ui);
  const unknown = engine.data?.unknown ?? [];

  return (
    <div className="as-preview" id={id}>
      <p className="as-preview-label" id={`${id}-label`}>
        {label}
      </p>
      {engine.status === 'empty' ? <p className="muted">{txt('builder.previewEmpty')}</p> : null}
      {engine.status === 'loading' ? <p className="muted">{txt('builder.previewLoading')}</p> : null}
      {engine.status === 'error' ? <p className="field-error">{engine.error}</p> : null}
      {engine.status === 'ready' ? (
        <>
          {unknown.length ? (
            <p className="field-error" id={`${id}-unknown`}>
              {txt('builder.unknown', { chars: unknown.map((u) => u.char).join(' ') })}
            </p>
          ) : null}
          <CellRow
            cells={cells}
            label={label}
            labels={labelled.map((c) => c.label)}
            captions={labelled.map((c) => c.caption)}
            captionLang={code}
            size="small"
            asText
          />
        </>
      ) : null}
    </div>
  );
}
