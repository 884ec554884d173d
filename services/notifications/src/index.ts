export { configShape, type Config } from './config';
export { spec, startService, type NotificationsService } from './service';
export { createApp } from './app';
export { entities, migrations } from './db';
export type { Dispatcher } from './modules/emails/dispatcher';
export { EmailSchema, emailStatuses, type Email, type EmailStatus } from './modules/emails/entities';
export {
  ContactMessageSchema,
  contactMessageStatuses,
  type ContactMessage,
  type ContactMessageStatus,
} from './modules/contact-messages/entities';
export { renderEmail, templates, type RenderContext, type RenderedEmail } from './modules/emails/templates';
