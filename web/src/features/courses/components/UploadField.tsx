import { useRef, useState, type ChangeEvent } from 'react';
import { useApiMutation } from '@/lib/mutation';
import { uploadMedia, type UploadedMedia, type UploadKind } from '../api/courses';
import { ACCEPT, isTooLarge } from '../lib/builder';
import type { CoursesT } from '../i18n';

interface UploadFieldProps {
  id: string;
  label: string;
  hint: string;
  kind: UploadKind;
  txt: CoursesT;
  /** An error from the form's validation or the server. */
  error?: string;
  required?: boolean;
  onUploaded: (media: UploadedMedia) => void;
  onBusy: (busy: boolean) => void;
}

/**
 * A file input that uploads as soon as a file is chosen. A file over 50 MB is refused before
 * anything is sent, with the spec's message; the server's 413/415 messages are shown the same
 * way (tied to the input).
 */
export function UploadField({ id, label, hint, kind, txt, error, required, onUploaded, onBusy }: UploadFieldProps) {
  const [tooLarge, setTooLarge] = useState(false);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const upload = useApiMutation({
    mutationFn: (file: File) => uploadMedia(kind, file),
    // The builder counts uploads under way: this one ends even if the field has gone meanwhile.
    onSettled: () => {
      if (input.current) input.current.value = '';
      onBusy(false);
    },
    fallback: txt('common.sendError'),
  });
  const busy = upload.pending;
  // This field's own refusal (too large, or the server's), announced; or the form's.
  const localError = tooLarge ? txt('common.fileTooLarge') : upload.errorText;
  const shown = localError || error || '';

  function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setTooLarge(false);
    upload.reset();
    setStatus('');
    if (!file) return;
    if (isTooLarge(file)) {
      e.target.value = '';
      setTooLarge(true);
      return;
    }
    onBusy(true);
    setStatus(txt('builder.uploading', { name: file.name }));
    upload.mutate(file, {
      onSuccess: (media) => {
        onUploaded(media);
        setStatus(txt('builder.uploaded', { name: file.name }));
      },
      onError: () => setStatus(''),
    });
  }

  const describedBy = [`${id}-hint`, shown ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field ${shown ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}{' '}
        <span className="field-req" aria-hidden={required ? true : undefined}>
          {required ? '' : txt('common.optional')}
        </span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        onChange={onPick}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field-error" role={localError ? 'alert' : undefined}>
          {shown}
        </p>
      ) : null}
      <p role="status" className="field-hint crs-upload-status">
        {status}
      </p>
    </div>
  );
}
