/**
 * Meetings: their rows and members, host controls, the waiting room, polls, lookups' guard and
 * calendars, and the timer that frees seats whose device never came (back).
 */
import fp from 'fastify-plugin';
import { CalendarService } from '../calendars/calendar-service.js';
import { ConferenceService } from '../conferences/conference-service.js';
import { HostControl } from '../conferences/host-control.js';
import { JoinAdmission } from '../conferences/join-admission.js';
import { LookupGuard } from '../conferences/lookup-guard.js';
import { WaitingRoomService } from '../conferences/waiting-room-service.js';
import { PollService } from '../polls/poll-service.js';
import { ConferencesRepository } from '../conferences/conferences-repository.js';
import { MemberControlsRepository } from '../conferences/member-controls-repository.js';
import { PollsRepository } from '../polls/polls-repository.js';
import { RoomActivityRepository } from '../conferences/room-activity-repository.js';
import { RoomPasses } from '../conferences/room-pass.js';
import { loadSigningKey } from '../lib/signing-key.js';
import { provide } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    conferences: ConferencesRepository;
    activity: RoomActivityRepository;
    conferenceService: ConferenceService;
    /** conference/set and changeHost: who may, and each member's controls. */
    hostControl: HostControl;
    waitingRoom: WaitingRoomService;
    lookupGuard: LookupGuard;
    /** Calendar events and each user's subscription feed. */
    calendars: CalendarService;
    /** Polls: rules, and events for the sockets to pass on. */
    pollService: PollService;
    /** Signs a join's membership for the `/room` handshake that follows it. */
    roomPasses: RoomPasses;
  }
}

const SEAT_SWEEP_MS = 5000;

export interface ConferencesOptions {
  /**
   * How often seats whose device never connected (or did not come back) are freed; 0 turns the
   * timer off (tests call ConferenceService.sweepSeats themselves, with a clock they move).
   */
  seatSweepMs?: number;
}

export default fp<ConferencesOptions>(
  async (app, options) => {
    const { database, clock, config } = app;
    const conferences = new ConferencesRepository(database.db, clock);
    const activity = new RoomActivityRepository(database.db, clock);
    const memberControls = new MemberControlsRepository(database.db);
    const conferenceService = new ConferenceService(
      database,
      conferences,
      activity,
      memberControls,
      new JoinAdmission(database, conferences, activity, clock),
      clock,
      config.reconnectGraceMs,
    );
    const hostControl = new HostControl(conferences, conferenceService, memberControls);
    provide(app, {
      conferences,
      activity,
      conferenceService,
      hostControl,
      waitingRoom: new WaitingRoomService(conferenceService, hostControl, conferences, activity),
      lookupGuard: new LookupGuard(clock, conferences),
      roomPasses: new RoomPasses(
        await loadSigningKey(config.recordingLinkSecret, config.dataDir),
        clock,
      ),
      calendars: new CalendarService(database.db, clock),
      pollService: new PollService(
        database,
        new PollsRepository(database.db, clock),
        conferences,
        clock,
      ),
    });
    const sweepMs = options.seatSweepMs ?? SEAT_SWEEP_MS;
    if (sweepMs > 0) {
      const sweep = setInterval(() => {
        conferenceService.sweepSeats().catch((error: unknown) => {
          app.log.error({ err: error }, 'seat sweep failed');
        });
      }, sweepMs).unref();
      app.addHook('onClose', async () => {
        clearInterval(sweep);
      });
    }
  },
  { name: 'conferences', dependencies: ['core'] },
);
