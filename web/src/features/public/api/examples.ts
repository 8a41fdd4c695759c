/** Examples of contracted Braille, written by the engine (`POST /api/braille/translate`), never by hand. */
import type { Code } from '@/components/braille/cells';
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { useAppQuery } from '@/lib/query';

export type Written = Pick<Schema<'TranslateResponse'>, 'braille' | 'cells'>;

export interface Example {
  print: string;
  uncontracted: Written;
  contracted: Written;
}

const write = (text: string, lang: Code, grade: 1 | 2) =>
  apiFetch<Written>('braille/translate', { method: 'POST', body: { text, lang, direction: 'to_braille', grade } });

/** Each text written uncontracted and contracted in `code` (kept for the tab's life: the engine does not change). */
export function useExamples(code: Code, texts: readonly string[]) {
  return useAppQuery({
    queryKey: ['braille-examples', code, ...texts],
    queryFn: () =>
      Promise.all(
        texts.map(async (print): Promise<Example> => {
          const [uncontracted, contracted] = await Promise.all([write(print, code, 1), write(print, code, 2)]);
          return { print, uncontracted, contracted };
        }),
      ),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
