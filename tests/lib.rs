//! Helpers shared by the cross-crate tests.
