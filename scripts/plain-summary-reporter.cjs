// Prints Jest's totals as one plain line ("jest: N passed, N failed, N skipped") so that
// CI logs can be read without knowing Jest's own summary format.
class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\njest: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = PlainSummaryReporter;
