import { useId, type ReactNode, type RefObject } from 'react';
import { ErrorAlert } from '@/components/Alert';
import { usePracticeT } from '../i18n';

interface DrillFrameProps {
  /** Prefix of the question's, the result's and Next's ids ("drill", "contraction-drill"). */
  idPrefix: string;
  intro: string;
  /** The print asked for. */
  ask: string;
  /** The answer's result: right or not, the print asked for and its dots named; null before. */
  result: { correct: boolean; settled: boolean; print: string; dots: string } | null;
  error: string;
  next: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  resultRef: RefObject<HTMLDivElement | null>;
  /** The pair's two choices (`<li>` each). */
  children: ReactNode;
}

/** A drill's card: "Which of these is e?", the pair's two buttons, then the result (focused) and "Next". */
export function DrillFrame({ idPrefix, intro, ask, result, error, next, headingRef, resultRef, children }: DrillFrameProps) {
  const { t } = usePracticeT();
  const uid = useId();
  return (
    <section className="card practice-drill" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>{t('drillHeading')}</h2>
      <p>{intro}</p>
      <h3 ref={headingRef} tabIndex={-1} id={`${idPrefix}-question`}>
        {t('drillQuestion', { print: ask })}
      </h3>
      <ul className="practice-pair">{children}</ul>
      {result ? (
        <>
          <div ref={resultRef} tabIndex={-1} className={`practice-result ${result.correct ? 'is-right' : 'is-wrong'}`} id={`${idPrefix}-result`}>
            <p>
              {t(result.correct ? 'drillRight' : 'drillWrong', { print: result.print, dots: result.dots })}
              {result.settled ? ` ${t('drillSettled')}` : ''}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary" id={`${idPrefix}-next`} onClick={next}>
              {t('next')}
            </button>
          </div>
        </>
      ) : null}
      <ErrorAlert>{error}</ErrorAlert>
    </section>
  );
}
