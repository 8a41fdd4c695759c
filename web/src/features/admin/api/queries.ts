/**
 * The admin site's server state: every list and record it shows is a query under `['admin', …]`.
 * Changes made here (the `…Change` functions) and live events (below, one place per event kind)
 * update or re-read the queries they touch. A list keeps its previous page on screen while the
 * next one loads, so focus and the reader's place survive a filter or page change.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { errorText, useApiMutation } from '@/lib/mutation';
import { onLive, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import { SITE_KEY } from '@/lib/site';
import {
  bulkUsers,
  createNews,
  deleteNews,
  getMessage,
  getNews,
  getOverview,
  getSiteSettings,
  getUser,
  inviteUser,
  listAudit,
  listCertificates,
  listCourses,
  listMessages,
  listNews,
  listUsers,
  patchMessage,
  patchUser,
  putSiteSettings,
  replyMessage,
  resendActivation,
  revokeCertificate,
  sendReset,
  setCourseActive,
  unreadCount,
  updateNews,
  uploadImage,
  type AuditFilters,
  type MessageStatus,
  type NewsInput,
  type SiteSettingsInput,
  type UserDetail,
  type UserFilters,
  type UserType,
} from './admin';

export const adminKeys = {
  overview: ['admin', 'overview'] as const,
  users: ['admin', 'users'] as const,
  userList: (f: UserFilters) => ['admin', 'users', 'list', f] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  courses: (f?: CourseFilters) => (f ? (['admin', 'courses', f] as const) : (['admin', 'courses'] as const)),
  certificates: (f?: CertificateFilters) => (f ? (['admin', 'certificates', f] as const) : (['admin', 'certificates'] as const)),
  newsList: (f?: NewsFilters) => (f ? (['admin', 'news', 'list', f] as const) : (['admin', 'news', 'list'] as const)),
  news: (id: string) => ['admin', 'news', 'one', id] as const,
  messageList: (f?: MessageFilters) => (f ? (['admin', 'messages', 'list', f] as const) : (['admin', 'messages', 'list'] as const)),
  message: (id: string) => ['admin', 'messages', 'one', id] as const,
  unread: ['admin', 'messages', 'unread'] as const,
  audit: ['admin', 'audit'] as const,
  site: ['admin', 'site-settings'] as const,
};

interface CourseFilters {
  q?: string;
  status?: string;
  page?: number;
}
interface CertificateFilters {
  q?: string;
  page?: number;
}
interface NewsFilters {
  state?: string;
  page?: number;
}
interface MessageFilters {
  status?: string;
  page?: number;
}

// Reads ------------------------------------------------------------------------------------

export const useOverview = () => useAppQuery({ queryKey: adminKeys.overview, queryFn: getOverview });

/** The stored settings, for the form; not kept once the page is left, so it always starts from the server. */
export const useSiteSettingsAdmin = () => useAppQuery({ queryKey: adminKeys.site, queryFn: getSiteSettings, gcTime: 0 });

export const useUsers = (f: UserFilters) => useAppQuery({ queryKey: adminKeys.userList(f), queryFn: () => listUsers(f), placeholderData: keepPreviousData });

export const useUser = (id: string) => useAppQuery({ queryKey: adminKeys.user(id), queryFn: () => getUser(id) });

export const useCourses = (f: CourseFilters) => useAppQuery({ queryKey: adminKeys.courses(f), queryFn: () => listCourses(f), placeholderData: keepPreviousData });

export const useCertificates = (f: CertificateFilters) =>
  useAppQuery({ queryKey: adminKeys.certificates(f), queryFn: () => listCertificates(f), placeholderData: keepPreviousData });

export const useNewsList = (f: NewsFilters) => useAppQuery({ queryKey: adminKeys.newsList(f), queryFn: () => listNews(f), placeholderData: keepPreviousData });

/**
 * One news item to edit; nothing is fetched for a new one (`id` null). Not kept once the editor is
 * left: the form starts from what the server has now, never from a cached copy.
 */
export const useNewsItem = (id: string | null) =>
  useAppQuery({ queryKey: adminKeys.news(id ?? ''), queryFn: () => getNews(id ?? ''), enabled: id !== null, gcTime: 0 });

export const useMessages = (f: MessageFilters) =>
  useAppQuery({ queryKey: adminKeys.messageList(f), queryFn: () => listMessages(f), placeholderData: keepPreviousData });

/** One message; reading it marks it read on the server. */
export const useMessage = (id: string) => useAppQuery({ queryKey: adminKeys.message(id), queryFn: () => getMessage(id) });

export const useAudit = (f: AuditFilters) => useAppQuery({ queryKey: ['admin', 'audit', f] as const, queryFn: () => listAudit(f), placeholderData: keepPreviousData });

/** A count carried by a `badge.contact` event or the unread-count answer, or null when it has none. */
export function countOf(payload: { count?: unknown } | null | undefined): number | null {
  const n = payload?.count;
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : null;
}

async function fetchUnread(): Promise<number> {
  try {
    const n = countOf({ count: await unreadCount() });
    // An answer without a count keeps what is shown.
    return n ?? queryClient.getQueryData<number>(adminKeys.unread) ?? 0;
  } catch (e) {
    console.warn('unread contact count failed', e);
    throw e;
  }
}

/**
 * The number of unread contact messages (the admin menu's and the supervisor menu's badge):
 * fetched when shown, then kept current by `badge.contact` (below). A failure is only logged
 * and the last count (at first 0) stays.
 */
export function useUnreadMessages(enabled = true): number {
  const { data } = useAppQuery({ queryKey: adminKeys.unread, queryFn: fetchUnread, enabled });
  return enabled ? (data ?? 0) : 0;
}

// Changes ----------------------------------------------------------------------------------

/** Re-reads the given queries; the overview's figures and the audit log follow every change. */
function changed(...keys: ReadonlyArray<readonly unknown[]>): void {
  for (const key of [...keys, adminKeys.overview, adminKeys.audit]) void refetchFresh(key);
}

/** `{ id, body }` for a change to one user. */
interface UserChange {
  id: number;
  body: { active?: boolean; type?: UserType };
}

export const useChangeUser = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, body }: UserChange) => patchUser(id, body),
    onSuccess: (res, { id }) => {
      queryClient.setQueryData<UserDetail>(adminKeys.user(String(id)), (cur) => (cur ? { ...cur, user: res.user } : cur));
      changed(adminKeys.users);
    },
    fallback,
  });

export const useBulkChangeUsers = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ ids, active }: { ids: number[]; active: boolean }) => bulkUsers(ids, active),
    onSuccess: () => changed(adminKeys.users),
    fallback,
  });

/** Resends the activation e-mail or sends a password reset: the user's page and the audit log. */
export const useUserMail = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, mail }: { id: number; mail: 'activation' | 'reset' }) => (mail === 'activation' ? resendActivation(id) : sendReset(id)),
    onSuccess: (_res, { id }) => changed(adminKeys.user(String(id))),
    fallback,
  });

export const useInvite = (fallback: string) =>
  useApiMutation({
    mutationFn: (body: { type: UserType; email: string; name: string }) => inviteUser(body),
    onSuccess: () => changed(adminKeys.users),
    fallback,
  });

/** A course stopped or restarted: the courses list and the users' course tables. */
export const useCourseActiveChange = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setCourseActive(id, active),
    onSuccess: () => changed(adminKeys.courses(), adminKeys.users),
    fallback,
  });

/** A certificate revoked: the certificates list and the student's page. */
export const useRevoke = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => revokeCertificate(code, reason),
    onSuccess: () => changed(adminKeys.certificates(), adminKeys.users),
    fallback,
  });

export const useSaveNews = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NewsInput }) => (id === null ? createNews(body) : updateNews(id, body)),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKeys.news(String(res.news.id)), res.news);
      changed(adminKeys.newsList());
    },
    fallback,
  });

export const useDeleteNews = (fallback: string) =>
  useApiMutation({
    mutationFn: (id: number) => deleteNews(id),
    onSuccess: (_res, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.news(String(id)) });
      changed(adminKeys.newsList());
    },
    fallback,
  });

/**
 * A reply or a status change: the message as the server returned it. The message itself is not
 * read again (reading marks it read, which would undo "mark as new").
 */
export const useMessageChange = (fallback: string) =>
  useApiMutation({
    mutationFn: (change: { id: number; reply: string } | { id: number; status: MessageStatus }) =>
      'reply' in change ? replyMessage(change.id, change.reply) : patchMessage(change.id, { status: change.status }),
    onSuccess: (res, { id }) => {
      queryClient.setQueryData(adminKeys.message(String(id)), res.contact_message);
      changed(adminKeys.messageList());
    },
    fallback,
  });

// Live events: the only place these kinds touch the admin cache ---------------------------

// The unread count changed (a new message, one read or handled anywhere): the badge takes the
// pushed count (a fetch under way started before it and is dropped); lists and figures re-read.
onLive(['badge.contact'], (e) => {
  const n = countOf(e.payload);
  if (n !== null) {
    void queryClient.cancelQueries({ queryKey: adminKeys.unread, exact: true }).then(() => queryClient.setQueryData(adminKeys.unread, n));
  }
  void refetchFresh(adminKeys.messageList());
  void refetchFresh(adminKeys.overview);
});

// A visitor's message arrived: it appears in the messages list (the announcement is MessageArrivals').
onLive(['contact.received'], () => void refetchFresh(adminKeys.messageList()));

// Requests made or decided: the overview's waiting figures.
onLive(['request.created', 'request.decided', 'certificate_request.created', 'certificate_request.decided'], () => void refetchFresh(adminKeys.overview));

/** Saves the site settings; the footer of this tab (and the overview's "still unset") follow. */
export const useSaveSiteSettings = (fallback: string) =>
  useApiMutation({
    mutationFn: (body: SiteSettingsInput) => putSiteSettings(body),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKeys.site, res.settings);
      queryClient.setQueryData(SITE_KEY, res.settings);
      changed();
    },
    fallback,
  });

/** The words of an image upload into a form: its status while it goes and once done, and a failure without a server message. */
export interface ImageUploadTexts {
  uploading: string;
  uploaded: string;
  fallback: string;
}

/**
 * An image for a form (a news item's picture, a site logo): `say` tells the page's status
 * "Uploading…", then `done` takes the stored image and `say` "Uploaded"; a refusal clears the
 * status and goes to `refuse` (the form's file field).
 */
export function useImageUpload(texts: ImageUploadTexts, say: (status: string) => void, refuse: (message: string) => void) {
  const upload = useApiMutation({ mutationFn: (file: File) => uploadImage(file), fallback: texts.fallback });
  function start(file: File, done: (media: { id: number; url?: string }) => void) {
    say(texts.uploading);
    upload.mutate(file, {
      onSuccess: (media) => {
        done(media);
        say(texts.uploaded);
      },
      onError: (e) => {
        say('');
        refuse(errorText(e, texts.fallback));
      },
    });
  }
  return { start, uploading: upload.pending };
}
