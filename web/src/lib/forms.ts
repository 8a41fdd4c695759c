import { useCallback, useState } from 'react';
import { ApiError } from './api-client';

export type FieldErrors = Record<string, string>;

/** At least 8 characters, an uppercase letter, a digit and a special character (spec §5). */
export function meetsPasswordPolicy(pw: string): boolean {
  return pw.length >= 8 && /\p{Lu}/u.test(pw) && /\p{Nd}/u.test(pw) && /[^\p{L}\p{Nd}\s]/u.test(pw);
}

export function looksLikeEmail(s: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
}

/** Moves focus to the first field (in `order`) that has an error. */
export function focusFirstInvalid(errors: FieldErrors, order: string[], prefix = 'f'): void {
  const first = order.find((f) => errors[f]) ?? Object.keys(errors)[0];
  if (!first) return;
  window.setTimeout(() => document.getElementById(`${prefix}-${first}`)?.focus(), 0);
}

/**
 * Error state for one form: field errors (tied to inputs) and a form-level error (alert region).
 * `fail` turns an ApiError with `field` into a field error and focuses that field.
 */
export function useFormErrors(order: string[], fallbackMessage: string, prefix = 'f') {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');

  const reset = useCallback(() => {
    setFieldErrors({});
    setFormError('');
  }, []);

  const showFieldErrors = useCallback(
    (errs: FieldErrors) => {
      setFieldErrors(errs);
      setFormError('');
      focusFirstInvalid(errs, order, prefix);
    },
    [order, prefix],
  );

  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError && e.field && order.includes(e.field)) {
        showFieldErrors({ [e.field]: e.message });
      } else if (e instanceof ApiError) {
        setFieldErrors({});
        setFormError(e.message);
      } else {
        setFieldErrors({});
        setFormError(fallbackMessage);
      }
    },
    [order, showFieldErrors, fallbackMessage],
  );

  return { fieldErrors, formError, setFormError, reset, showFieldErrors, fail };
}

/** What a form uses of a `useApiMutation`. */
export interface FormMutation<TData, TVars> {
  mutate: (vars: TVars, callbacks: { onSuccess: (data: TData) => void; onError: (error: Error) => void }) => void;
  pending: boolean;
}

/**
 * A form that sends: its errors (`useFormErrors`) and its request (`mutation`, whose cache updates
 * sit beside the request). `send(vars, done)` hands the answer to `done`; a refusal goes on the
 * field the server names (which takes focus) or in the form's alert. `busy` while it is sent.
 */
export function useFormMutation<TData, TVars>(mutation: FormMutation<TData, TVars>, order: string[], fallbackMessage: string, prefix = 'f') {
  const errors = useFormErrors(order, fallbackMessage, prefix);
  const send = (vars: TVars, done: (data: TData) => void) => mutation.mutate(vars, { onSuccess: done, onError: errors.fail });
  return { ...errors, send, busy: mutation.pending };
}
