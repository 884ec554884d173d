import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A student's dashboard profile; names, e-mail and marketing choices live on the user. */
export const StudentProfileSchema = defineEntity({
  name: 'StudentProfile',
  tableName: 'student_profile',
  properties: {
    userId: p.uuid().primary(),
    phoneNumber: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type StudentProfile = InferEntity<typeof StudentProfileSchema>;
