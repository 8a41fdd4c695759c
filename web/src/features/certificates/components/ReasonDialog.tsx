import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/Alert';
import { useModalDialog } from '@/components/useModalDialog';
import { TextArea } from '@/components/Field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/mutation';
import { useCertificatesT } from '../i18n';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  reasonLabel: string;
  reasonHint: string;
  confirmLabel: string;
  /**
   * Sends the decision (the page's mutation). A refusal the page does not handle itself goes to
   * `failed`: an ApiError with `field: "reason"` is shown on the field, any other in the alert.
   */
  onConfirm: (reason: string, failed: (err: unknown) => void) => void;
  /** True while the decision is being sent. */
  busy: boolean;
  onClose: () => void;
  idPrefix: string;
}

/**
 * A modal dialog that asks for a reason (rejecting a request, revoking a certificate). It is a
 * native modal `<dialog>`, so the rest of the page is inert; Tab wraps inside it, Escape closes it.
 * Focus starts in the reason field. An empty reason is refused in the page: the field is marked
 * invalid, its message is tied to it (`aria-describedby`) and it takes focus, so a screen reader
 * reads the error with the field. On close, focus goes back to the opener when it still exists;
 * otherwise the page moves it (e.g. to the next row after the decided one left the list).
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, children, reasonLabel, reasonHint, confirmLabel, onConfirm, busy, onClose, idPrefix } = props;
  // The words every reason dialog shares: Cancel, the empty reason, a failure without a server message.
  const { t: txt } = useCertificatesT();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [formError, setFormError] = useState('');
  const fieldId = `${idPrefix}-reason`;
  const { dialogProps, titleId, bodyId, close } = useModalDialog({
    open,
    busy,
    onClose,
    onOpen: () => {
      setReason('');
      setReasonError('');
      setFormError('');
      window.setTimeout(() => document.getElementById(fieldId)?.focus(), 0);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError('');
    if (!reason.trim()) {
      setReasonError(txt('common.required'));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setReasonError('');
    onConfirm(reason.trim(), (err) => {
      if (err instanceof ApiError && err.field === 'reason') {
        setReasonError(err.message);
        document.getElementById(fieldId)?.focus();
      } else {
        setFormError(errorText(err, txt('common.sendError')));
      }
    });
  }

  return (
    <dialog {...dialogProps} className="cert-dialog" aria-describedby={children ? bodyId : undefined}>
      {open ? (
        <form noValidate onSubmit={submit} className="form">
          <h2 id={titleId} className="cert-dialog-title">
            {title}
          </h2>
          {children ? <div id={bodyId}>{children}</div> : null}
          <ErrorAlert>{formError}</ErrorAlert>
          <TextArea idPrefix={idPrefix} name="reason" label={reasonLabel} hint={reasonHint} value={reason} onChange={setReason} error={reasonError} required />
          <div className="actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {confirmLabel}
            </button>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {txt('common.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
