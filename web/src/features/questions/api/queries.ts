/**
 * Questions as server state: the user's question list (`['questions']`), the student's enrolled
 * courses and a course's lessons. Live events change the list in one place (below).
 */
import { useApiMutation } from '@/lib/mutation';
import { applyLive, onLive, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import { answerQuestion, askQuestion, courseLessons, enrolledCourses, listQuestions, questionFromPayload, upsertQuestion, type Question } from './questions';

export const questionsKey = ['questions'] as const;

/** A student's own questions, or an instructor's students' questions; newest first. */
export const useQuestions = () => useAppQuery({ queryKey: questionsKey, queryFn: listQuestions });

/** The student's enrolled courses, to choose whom to ask. */
export const useEnrolledCourses = () => useAppQuery({ queryKey: ['questions', 'enrolled-courses'], queryFn: enrolledCourses });

/** A course's lessons in order; nothing is fetched without a course. */
export const useCourseLessons = (courseId: number | null) =>
  useAppQuery({ queryKey: ['questions', 'lessons', courseId], queryFn: () => courseLessons(courseId ?? 0), enabled: courseId !== null });

/** A question this tab asked or answered, into the list. */
const questionSaved = (res: { question: Question }) => queryClient.setQueryData<Question[]>(questionsKey, (cur) => upsertQuestion(cur ?? [], res.question));

/** A student asks: the question goes into their list. */
export const useAskQuestion = (fallback: string) => useApiMutation({ mutationFn: askQuestion, onSuccess: questionSaved, fallback });

/** An instructor answers: the answered question replaces the open one in the list. */
export const useAnswerQuestion = (fallback: string) =>
  useApiMutation({ mutationFn: ({ id, text }: { id: number; text: string }) => answerQuestion(id, text), onSuccess: questionSaved, fallback });

// Live events: the only place `question.asked`, `question.answered` and `badge.questions` touch the list.
onLive(['question.asked', 'question.answered'], (e) => {
  const q = questionFromPayload(e.payload);
  if (q) void applyLive<Question[]>(questionsKey, (cur) => upsertQuestion(cur, q));
});

// The unanswered count changed elsewhere (an answer given in another tab): read the list again.
onLive(['badge.questions'], () => {
  if (queryClient.getQueryData(questionsKey) !== undefined) void refetchFresh(questionsKey);
});
