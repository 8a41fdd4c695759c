import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '@/lib/realtime';
import { ADMIN_NS } from '../i18n';

/** Announces a visitor's message as it arrives (polite: it does not interrupt the reader). */
export function MessageArrivals() {
  const { t } = useTranslation(ADMIN_NS);
  const [text, setText] = useState('');
  useLiveEvent(['contact.received'], (e) => {
    const m = e.payload.contact_message as { name?: unknown; subject?: unknown } | undefined;
    const name = typeof m?.name === 'string' ? m.name : '';
    const subject = typeof m?.subject === 'string' ? m.subject : '';
    setText(t('messages.arrived', { name: `\u2068${name}\u2069`, subject: `\u2068${subject}\u2069` }));
  });
  return (
    <div role="status" className={text ? 'admin-arrival' : 'alert-empty'} data-testid="admin-arrival">
      {text}
    </div>
  );
}
