import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '@/lib/api-client';
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
  const [localError, setLocalError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const shown = localError || error || '';

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setLocalError('');
    setStatus('');
    if (!file) return;
    if (isTooLarge(file)) {
      e.target.value = '';
      setLocalError(txt('common.fileTooLarge'));
      return;
    }
    setBusy(true);
    onBusy(true);
    setStatus(txt('builder.uploading', { name: file.name }));
    try {
      const media = await uploadMedia(kind, file);
      onUploaded(media);
      setStatus(txt('builder.uploaded', { name: file.name }));
    } catch (err) {
      setStatus('');
      setLocalError(err instanceof ApiError ? err.message : txt('common.sendError'));
    } finally {
      if (input.current) input.current.value = '';
      setBusy(false);
      onBusy(false);
    }
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
        onChange={(e) => void onPick(e)}
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
