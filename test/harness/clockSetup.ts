import { useClock } from '../../nodes/shared/transport/clock';
import { TEST_CLOCK } from './clock';

// Jest setup (setupFilesAfterEnv): every test file waits on the fast clock unless it calls useRealClock().
useClock(TEST_CLOCK);
