//! The studio from outside: its page in a real browser, served by `fairyforge serve`
//! (browser), as a static site with no fairyforge process behind it (site), and as a
//! one-file page opened from the disk (publish). Its API is tested beside the server
//! (`cli/src/serve/tests`), where the tests call the router directly.

mod browser;
mod chrome;
mod publish;
mod site;
