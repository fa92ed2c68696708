import type { SubjectType } from '@liner/shared';

/** A post or a list, as likes and comments address it. */
export interface Subject {
  type: SubjectType;
  id: string;
}

/** The API path of a subject: `posts/{id}` or `lists/{id}`. */
export function subjectPath(subject: Subject): string {
  return `${subject.type === 'post' ? 'posts' : 'lists'}/${encodeURIComponent(subject.id)}`;
}
