import { useEffect, useRef, useState } from 'react';
import { useApiMutation } from '@/lib/mutation';

/** A confused pair: two symbols, or two contractions. */
type Pair = { a: unknown; b: unknown };

/** One question of a drill: which of the pair is `ask`. */
export interface DrillStep<P extends Pair> {
  pair: P;
  ask: P['a'];
}

/**
 * A drill of confused pairs, each asked twice (a, then b): the step shown, the answer sent
 * (`send`), its result (focused when it comes, read once) and "Next". The question's heading
 * takes focus on each new step. A failure is the server's message or `fallback`.
 */
export function useDrill<P extends Pair, Result>(
  drills: P[],
  send: (step: DrillStep<P>, answer: string) => Promise<Result>,
  fallback: string,
  onDone: () => void,
) {
  const steps: DrillStep<P>[] = drills.flatMap((d) => [
    { pair: d, ask: d.a },
    { pair: d, ask: d.b },
  ]);
  const [i, setI] = useState(0);
  const answer = useApiMutation({ mutationFn: ({ step, chosen }: { step: DrillStep<P>; chosen: string }) => send(step, chosen), fallback });
  const result = answer.data ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const step = steps[i];

  useEffect(() => {
    headingRef.current?.focus();
  }, [i]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  function choose(chosen: string) {
    if (result || !step) return;
    answer.mutate({ step, chosen });
  }

  function next() {
    answer.reset();
    if (i + 1 >= steps.length) onDone();
    else setI(i + 1);
  }

  return { step, result, error: answer.errorText, choose, next, headingRef, resultRef };
}
