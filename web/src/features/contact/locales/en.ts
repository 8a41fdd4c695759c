/** English texts of the contact feature (namespace `contact`). Spec §10 wording: "Message sent". */
const en = {
  title: 'Contact us',
  intro: 'We are glad to hear your questions and suggestions, especially about any problem using the platform with a screen reader or Braille display. We usually reply by e-mail within two working days.',
  formHeading: 'Send us a message',
  allRequired: 'Every field is required.',
  name: 'Your name',
  nameHint: 'Up to {{max}} characters.',
  email: 'Your e-mail address',
  emailHint: 'We reply to this address.',
  subject: 'Subject',
  subjectHint: 'Up to {{max}} characters.',
  message: 'Message',
  messageHint: 'Up to {{max}} characters.',
  used: '{{count}} of {{max}} characters used.',
  honeypot: 'Leave this field empty',
  send: 'Send the message',
  sending: 'Sending…',
  sent: 'Message sent',
  sentMore: 'We have sent a confirmation to {{email}}. We will reply to that address.',
  another: 'Write another message',
  errors: {
    required: 'This field is required',
    email: 'Enter a valid e-mail address',
    tooLong: 'Use at most {{max}} characters',
    summary: 'The message was not sent. Please correct the highlighted fields.',
    failed: 'There was a problem sending your data',
  },
  learnersHeading: 'For students',
  learners: 'If you have an account, ask your instructor from inside your course, or read the help page in your dashboard.',
};
export type ContactTexts = typeof en;
export default en;
