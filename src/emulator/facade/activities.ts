import type { ActivityInstance } from '../activity-instances.js';
import type { EmulatorCore } from '../core.js';
import type { InteractionOutcome } from '../interactions/registry.js';

/** Activities (their instances, the App Launcher) and the OAuth2 grants they sign in with. */
export class ActivitiesPart {
  constructor(private readonly core: EmulatorCore) {}

  /** The client secret the Developer Portal shows: `DISCORD_CLIENT_SECRET` for the bot. */
  clientSecret(appId: string): string {
    return this.core.oauth2.clientSecret(appId);
  }

  /** A person approves the Activity's `authorize` (what the Discord client does): the code it returns. */
  authorizeActivity(appId: string, userId: string, scopes: readonly string[] = ['identify']): string {
    return this.core.oauth2.issueCode(appId, userId, scopes);
  }

  /** An access token as a code exchange gives it, for tests that skip the exchange. */
  accessToken(appId: string, userId: string): string {
    return this.core.oauth2.issueToken(appId, userId);
  }

  /** A person opens the app's Activity in a channel (the app launcher): joins the instance there. */
  launchActivity(appId: string, channelId: string, userId: string): ActivityInstance {
    return this.core.activities.launch(appId, channelId, userId);
  }

  /**
   * A person picks the app in the App Launcher of a channel: Discord opens the Activity itself
   * (Entry Point handler 2, null) or sends the bot the Entry Point command to answer (handler 1).
   */
  openFromLauncher(options: { user: string; channel: string; app: string }): Promise<InteractionOutcome | null> {
    return this.core.users.openFromLauncher(options);
  }

  /** A person closes the Activity. */
  leaveActivity(instanceId: string, userId: string): void {
    this.core.activities.leave(instanceId, userId);
  }

  /** The instance running in a channel, if any. */
  activityIn(appId: string, channelId: string): ActivityInstance | undefined {
    return this.core.activities.inChannel(appId, channelId);
  }
}
