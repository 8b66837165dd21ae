import { defineThreadFootprintSuite } from "../shared/thread-footprint-suite.js";

defineThreadFootprintSuite();
