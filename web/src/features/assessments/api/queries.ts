/**
 * Assessments as server state: the instructor's assessments, a course's assessments for the
 * learner, and an attempt's result. `assessment.submitted` re-reads the instructor's list (below).
 */
import { onLive, progressChanged, PROGRESS, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import type { Code } from '@/components/braille/cells';
import { ApiError } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutation';
import {
  courseAssessments,
  courseOutline,
  createAssessment,
  deleteAssessment,
  getAssessment,
  getResult,
  listMine,
  myCourses,
  similarCells,
  startAttempt,
  submitAttempt,
  toBraille,
  updateAssessment,
  type AssessmentInput,
  type AssessmentSummary,
  type Writing,
} from './assessments';

const mineKey = ['assessments', 'mine'] as const;

/** The instructor's assessments, course by course, with their attempt counts. */
export const useMyAssessments = () => useAppQuery({ queryKey: mineKey, queryFn: () => listMine() });

/** An assessment this tab deleted, out of the list. */
/** Deletes one of the instructor's assessments: its row leaves the cached list. */
export const useDeleteAssessment = (fallback: string) =>
  useApiMutation({
    mutationFn: (id: number) => deleteAssessment(id),
    onSuccess: (_res, id) => queryClient.setQueryData<AssessmentSummary[]>(mineKey, (list) => list?.filter((a) => a.id !== id)),
    fallback,
  });

/** Creates an assessment (no `id`) or saves the one being edited; the list, opened next, reads it. */
export const useSaveAssessment = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, input }: { id?: number; input: AssessmentInput }) => (id === undefined ? createAssessment(input) : updateAssessment(id, input)),
    fallback,
  });

// Attempt counts follow the students' submissions live.
onLive(['assessment.submitted'], () => void refetchFresh(mineKey));

const courseAssessmentsKey = (courseId: number) => ['assessments', 'course', courseId] as const;

/** The assessments of a course with the learner's standing in each. */
export const useCourseAssessments = (courseId: number) =>
  useAppQuery({ queryKey: courseAssessmentsKey(courseId), queryFn: () => courseAssessments(courseId), meta: PROGRESS });

/**
 * The learner submitted an attempt. The course's assessments are dropped, not only marked stale:
 * back on the course page, the next assessment must never show as locked from the answer before
 * this pass. Other progress (enrolled courses, certificates) is read again.
 */
export function attemptSubmitted(courseId: number) {
  queryClient.removeQueries({ queryKey: courseAssessmentsKey(courseId) });
  void progressChanged();
}

/**
 * Submits an attempt once `ready` (every answer saved) says it may; null when it may not. Submitted
 * here, or already in another tab, the course's standing changed all the same.
 */
export const useSubmitAttempt = (courseId: number, fallback: string) =>
  useApiMutation({
    mutationFn: async ({ id, ready }: { id: number; ready: () => Promise<boolean> }) => ((await ready()) ? submitAttempt(id) : null),
    onSuccess: (reply) => {
      if (reply) attemptSubmitted(courseId);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'already_submitted') attemptSubmitted(courseId);
    },
    fallback,
  });

/** Starts an attempt at an assessment (`id`). */
export const useStartAttempt = (fallback: string) => useApiMutation({ mutationFn: (id: number) => startAttempt(id), fallback });

/**
 * An attempt's result; for a student also the course outline and the assessment (for the way
 * back and "try again"). Those two come after the result's authenticated call, so a token
 * refreshed by it serves them; either may be missing without failing the page.
 */
export const useAttemptResult = (id: number | null, area: 'student' | 'instructor') =>
  useAppQuery({
    queryKey: ['assessments', 'result', id, area],
    enabled: id !== null,
    queryFn: async () => {
      const result = await getResult(id ?? 0);
      if (area !== 'student') return { result, outline: null, assessment: null };
      const [outline, assessment] = await Promise.all([
        courseOutline(result.assessment.course_id).catch(() => null),
        getAssessment(result.assessment.id).catch(() => null),
      ]);
      return { result, outline, assessment };
    },
  });

/** The engine's proposed look-alike groups for a letter (the builder's "similar cells"); fixed for a letter and size. */
export const useSimilarCells = (letter: string, code: Code, size: number) =>
  useAppQuery({ queryKey: ['assessments', 'similar', code, letter, size], queryFn: () => similarCells(letter, code, size), enabled: letter !== '', staleTime: Infinity });

/**
 * The instructor's courses, for the builder's course choice. Not kept once the editor is left: a
 * course made since (`?course=<id>` from its page) must be there when the form is first set.
 */
export const useBuilderCourses = () => useAppQuery({ queryKey: ['assessments', 'courses'], queryFn: myCourses, gcTime: 0 });

/**
 * An assessment to edit, read after `ready` (the courses' authenticated call refreshes a token
 * for it). Not kept once the editor is left: the builder starts from what the server has now.
 */
export const useEditedAssessment = (id: string | undefined, ready: boolean) =>
  useAppQuery({ queryKey: ['assessments', 'one', id], queryFn: () => getAssessment(id ?? ''), enabled: id !== undefined && ready, gcTime: 0 });

/** A course's chapters and lessons (the builder's lesson and chapter pickers); nothing without a course. */
export const useCourseOutline = (courseId: string) =>
  useAppQuery({ queryKey: ['assessments', 'outline', courseId], queryFn: () => courseOutline(courseId), enabled: courseId !== '' });

/** The engine's Braille of some print; fixed for a text, code and writing. `key` names all three. */
export const useEngineTranslation = (request: { key: string; text: string; code: Code; writing: Writing } | null) =>
  useAppQuery({
    queryKey: ['assessments', 'braille', request?.key ?? ''],
    queryFn: () => toBraille(request?.text ?? '', request?.code ?? 'ar', request?.writing),
    enabled: request !== null,
    staleTime: Infinity,
  });
