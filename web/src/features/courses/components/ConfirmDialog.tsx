/** The modal confirmation is shared (src/components), also used by the assessments feature. */
export { ConfirmDialog } from '@/components/ConfirmDialog';
