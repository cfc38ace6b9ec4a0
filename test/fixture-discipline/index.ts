import type { TestDiscipline } from '../support/test-disciplines.js';
import { FIXTURE_DESCRIPTOR } from './descriptor.js';
import { FixtureCommandsController, FixtureGamesController } from './fixture.controller.js';
import { FIXTURE_DRIVER } from './fixture.driver.js';
import { FIXTURE_FEATURE } from './fixture.game-feature.js';

/** The fixture discipline as the test build registers it: its descriptor, runtime feature and controllers. */
export const FIXTURE_DISCIPLINE: TestDiscipline = {
  descriptor: FIXTURE_DESCRIPTOR,
  feature: FIXTURE_FEATURE,
  controllers: [FixtureGamesController, FixtureCommandsController],
  driver: FIXTURE_DRIVER,
};
