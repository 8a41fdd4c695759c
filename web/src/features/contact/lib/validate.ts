/** The contact form's checks, the same limits the server applies (POST /api/contact). */
import { looksLikeEmail } from '@/lib/forms';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;
export type ContactField = keyof typeof CONTACT_LIMITS;
export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'subject', 'message'];

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactProblem = { kind: 'required' } | { kind: 'email' } | { kind: 'tooLong'; max: number };

/** Characters as a reader counts them (an emoji or an Arabic letter is one), like the server. */
export function charCount(s: string): number {
  return Array.from(s).length;
}

/** Every field's first problem, in form order; an empty object when the form can be sent. */
export function checkContact(form: ContactForm): Partial<Record<ContactField, ContactProblem>> {
  const out: Partial<Record<ContactField, ContactProblem>> = {};
  for (const f of CONTACT_FIELDS) {
    const v = form[f].trim();
    if (!v) out[f] = { kind: 'required' };
    else if (charCount(v) > CONTACT_LIMITS[f]) out[f] = { kind: 'tooLong', max: CONTACT_LIMITS[f] };
    else if (f === 'email' && !looksLikeEmail(v)) out[f] = { kind: 'email' };
  }
  return out;
}
