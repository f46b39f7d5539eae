//! `fairyforge test FILE...`: runs test files (docs/testing.md); each failure is printed at
//! the line of its expectation, with what was expected and what the engine says.

use std::path::Path;

use fairyforge::testfile;

use crate::error::Result;

#[derive(clap::Args)]
pub struct TestArgs {
    /// Test files (`my-game.test.toml`).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
}

pub fn run(a: TestArgs) -> Result {
    let (mut failed_files, mut tests, mut failed, mut unread) = (0, 0, 0, 0);
    for f in &a.files {
        let report = testfile::run_file(Path::new(f));
        tests += report.tests();
        failed += report.failed_tests();
        if report.passed() {
            let n = report.tests();
            say!("{f}: {n} test{} passed", if n == 1 { "" } else { "s" });
        } else if report.tests() == 0 {
            unread += 1;
            say_raw!("{}", report.render());
            say!("{f}: no test ran: the file has mistakes");
        } else {
            failed_files += 1;
            say_raw!("{}", report.render());
            say!(
                "{f}: {} of {} tests failed",
                report.failed_tests(),
                report.tests()
            );
        }
    }
    let n = a.files.len();
    match (failed_files, unread) {
        (0, 0) => Ok(()),
        (0, u) => Err(format!("{u} of {n} test files have mistakes").into()),
        (f, 0) => Err(format!("{failed} of {tests} tests failed, in {f} of {n} files").into()),
        (f, u) => Err(format!(
            "{failed} of {tests} tests failed, in {f} of {n} files; {u} files have mistakes"
        )
        .into()),
    }
}
