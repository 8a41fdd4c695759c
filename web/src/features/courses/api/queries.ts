/**
 * Courses as server state. Live events change these queries in one place (below):
 * `request.created`/`request.decided` re-read the supervisor's queues, and a decision the
 * instructor's courses and the decided course; `assessment.submitted` the tracked students.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { applyLive, onLive, progressChanged, PROGRESS, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import { ApiError } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutation';
import {
  approveRequest,
  brailleTable,
  completeLesson,
  createCourse,
  discardRevision,
  enrol,
  enrolledCourses,
  getCourse,
  listCatalogue,
  myCourses,
  openRevision,
  rejectRequest,
  requestQueue,
  requestStop,
  sendForAccreditation,
  trackStudents,
  updateCourse,
  type BrailleCode,
  type CatalogueFilters,
  type CourseDetail,
  type CourseInput,
  type CourseSummary,
  type RequestDto,
} from './courses';

/** The student's enrolled courses with their progress. */
export const useEnrolledCourses = () => useAppQuery({ queryKey: ['courses', 'enrolled'], queryFn: enrolledCourses, meta: PROGRESS });

export const myCoursesKey = ['courses', 'mine'] as const;
const courseKey = (id: string) => ['courses', 'one', id] as const;

/** The instructor's own courses (the courses page and the archive both read it). */
export const useMyCourses = () => useAppQuery({ queryKey: myCoursesKey, queryFn: myCourses });

/** A change this tab made to one of the instructor's courses (the server's record): into the list; its preview reads again. */
function myCourseChanged(course: Partial<CourseSummary> & { id: number }) {
  queryClient.setQueryData<CourseSummary[]>(myCoursesKey, (list) => list?.map((x) => (x.id === course.id ? { ...x, ...course } : x)));
  void refetchFresh(courseKey(String(course.id)));
}

/** Re-reads the instructor's courses (after a failed change: show them as they are now). */
const refreshMyCourses = () => refetchFresh(myCoursesKey);

/**
 * Sends one of the instructor's courses for accreditation or asks to stop it: the course as the
 * server returned it goes into the list; a refusal re-reads the list (it changed elsewhere).
 */
export const useCourseRequest = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, kind }: { id: number; kind: 'accreditation' | 'stop' }) => (kind === 'accreditation' ? sendForAccreditation(id) : requestStop(id)),
    onSuccess: (res, { id }) => myCourseChanged({ ...res.course, id }),
    onError: () => void refreshMyCourses(),
    fallback,
  });

const trackKey = ['courses', 'track'] as const;

/** Per course, each enrolled student's progress and attempts (the instructor's tracking page). */
export const useTrackedStudents = () => useAppQuery({ queryKey: trackKey, queryFn: trackStudents });

/** One course in full; a new id keeps the previous course on screen until it arrives. */
export const useCourse = (id: string) => useAppQuery({ queryKey: courseKey(id), queryFn: () => getCourse(id), placeholderData: keepPreviousData });

const learnKey = (id: string) => ['courses', 'learn', id] as const;

/**
 * A course the student is taking. Its own query, not kept once the page is left: the lesson it
 * opens on (the first not yet completed) comes from the server's answer, never a cached copy.
 */
export const useLearnCourse = (id: string) =>
  useAppQuery({ queryKey: learnKey(id), queryFn: () => getCourse(id), placeholderData: keepPreviousData, gcTime: 0 });

/** A lesson this tab completed: into the course being taken; every list showing progress reads again. */
/** Marks a lesson of course `courseId` complete: its tick and the course's progress, then every progress query. */
export const useCompleteLesson = (courseId: string, fallback: string) =>
  useApiMutation({
    mutationFn: (lessonId: number) => completeLesson(lessonId),
    onSuccess: (res, lessonId) => {
      queryClient.setQueryData<CourseDetail>(learnKey(courseId), (cur) =>
        cur
          ? {
              ...cur,
              progress: res.progress,
              chapters: cur.chapters.map((c) => ({ ...c, lessons: c.lessons.map((x) => (x.id === lessonId ? { ...x, completed: true } : x)) })),
            }
          : cur,
      );
      void progressChanged();
    },
    fallback,
  });

/**
 * A course to edit. Its own query, not kept once the editor is left: the builder starts from
 * what the server has now, never from a cached copy.
 */
export const useEditedCourse = (id: string | undefined) =>
  useAppQuery({ queryKey: ['courses', 'edit', id], queryFn: () => getCourse(id ?? ''), enabled: id !== undefined, gcTime: 0 });

/** A course this tab saved: the editor shows the server's record, the preview and lists read again. */
function courseSaved(course: CourseDetail) {
  queryClient.setQueryData(['courses', 'edit', String(course.id)], course);
  void refetchFresh(courseKey(String(course.id)));
  void refetchFresh(myCoursesKey);
}

/**
 * Creates a course (no `id`) or saves the one being edited. A saved edit is the editor's record
 * (`courseSaved`); a new course's editor, opened next, reads it.
 */
export const useSaveCourse = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, input }: { id?: number; input: CourseInput }) => (id === undefined ? createCourse(input) : updateCourse(id, input)),
    onSuccess: (res, { id }) => {
      if (id !== undefined) courseSaved(res.course);
    },
    fallback,
  });

/** Opens (or continues) the revision of a live course (`id`); its editor, opened next, reads it. */
export const useOpenRevision = (fallback: string) => useApiMutation({ mutationFn: (id: number) => openRevision(id), fallback });

/** Sends a revision (`id`) for accreditation: the editor shows it pending. */
export const useSendRevision = (fallback: string) =>
  useApiMutation({ mutationFn: (id: number) => sendForAccreditation(id), onSuccess: (res) => courseSaved(res.course), fallback });

/** Discards the revision of a live course (`id`: the live course); its editor, opened next, reads it. */
export const useDiscardRevision = (fallback: string) => useApiMutation({ mutationFn: (id: number) => discardRevision(id), fallback });

/**
 * The student is enrolled in a course (this tab's enrolment, or the server's "already enrolled"):
 * the course shows it at once, without a refetch that could replace the page's controls; the
 * enrolled courses and the certificates list read again.
 */
/**
 * Enrols in a course (`key`: the id its page is cached under). Already enrolled (another tab) is
 * an answer, not a failure: the server's message says so and the page shows the course enrolled.
 */
export const useEnrol = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id }: { id: number; key: string }) =>
      enrol(id).catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 'already_enrolled') return { message: e.message };
        throw e;
      }),
    onSuccess: (_res, { key }) => {
      void progressChanged();
      // A read under way started before the enrolment: it is cancelled so it cannot undo this.
      void applyLive<CourseDetail>(courseKey(key), (c) => ({ ...c, enrolled: true }));
    },
    fallback,
  });

/** Active courses matching the filters; new filters keep the previous list on screen until they answer. */
export const useCatalogue = (filters: CatalogueFilters) =>
  useAppQuery({ queryKey: ['courses', 'catalogue', filters], queryFn: () => listCatalogue(filters), placeholderData: keepPreviousData });

const queueKey = (kind: 'accreditation' | 'stop') => ['courses', 'queue', kind] as const;

/** The supervisor's pending requests of a kind. */
export const useRequestQueue = (kind: 'accreditation' | 'stop') => useAppQuery({ queryKey: queueKey(kind), queryFn: () => requestQueue(kind) });

/**
 * Approves a request (no `reason`) or returns it with one: out of its queue (the queue page opens
 * on the list without it); its course reads again.
 */
export const useDecideCourseRequest = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ request, reason }: { request: RequestDto; reason?: string }) => (reason === undefined ? approveRequest(request.id) : rejectRequest(request.id, reason)),
    onSuccess: (_res, { request }) => {
      queryClient.setQueryData<RequestDto[]>(queueKey(request.kind), (list) => list?.filter((r) => r.id !== request.id));
      void refetchFresh(courseKey(String(request.course_id)));
    },
    fallback,
  });

/**
 * One pending request to review (null when it is no longer pending). Its own query, not kept once
 * the page is left, and not re-read by live events: a decision made elsewhere is said on the page.
 */
export const useReviewedRequest = (kind: 'accreditation' | 'stop', requestId: string | undefined) =>
  useAppQuery({
    queryKey: ['courses', 'review', kind, requestId],
    queryFn: () => requestQueue(kind).then((list) => list.find((x) => String(x.id) === requestId) ?? null),
    gcTime: 0,
  });

/** The course of a request under review, read once the request is known. */
export const useReviewedCourse = (courseId: number | null) =>
  useAppQuery({ queryKey: courseKey(String(courseId)), queryFn: () => getCourse(courseId ?? 0), enabled: courseId !== null });

// A request was made or decided: the supervisor's queues; on a decision also the instructor's
// courses and the course itself (its status), wherever it is cached.
onLive(['request.created', 'request.decided'], (e) => {
  void refetchFresh(['courses', 'queue']);
  if (e.kind !== 'request.decided') return;
  void refetchFresh(myCoursesKey);
  const courseId = (e.payload as { request?: RequestDto } | null)?.request?.course_id;
  if (courseId !== undefined) void refetchFresh(courseKey(String(courseId)));
});

// A student submitted an assessment: attempts and progress changed.
onLive(['assessment.submitted'], () => void refetchFresh(trackKey));

const ALPHABET = ['letter', 'digit'];

/** The letters and digits of a code (the builder's letter picker), from the engine; fixed for a code. */
export const useAlphabet = (code: BrailleCode) =>
  useAppQuery({
    queryKey: ['courses', 'alphabet', code],
    queryFn: () => brailleTable(code).then((all) => all.filter((e) => ALPHABET.includes(e.kind) && e.print && e.print.length <= 3)),
    staleTime: Infinity,
  });
