/**
 * Calendars (issue 16): the user's private subscription address and its reset, and the address
 * of one meeting's event ("Add to calendar", a plain GET needing no token).
 */
import { apiPost, type RequestOptions } from './client';

export const calendarApi = {
  feed: (options?: RequestOptions) => apiPost('user/getCalendarFeed', {}, options),
  resetFeed: (options?: RequestOptions) => apiPost('user/resetCalendarFeed', {}, options),
};

/** The .ics of one meeting, as "Add to calendar" downloads it. */
export const meetingIcsUrl = (conferenceId: string) => `/calendar/meeting/${conferenceId}.ics`;
