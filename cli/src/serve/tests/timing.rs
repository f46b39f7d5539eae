use super::super::adapter;
use std::time::Instant;

#[test]
#[ignore]
fn timing() {
    let text = std::fs::read_to_string("/tmp/moves59.txt").unwrap();
    let list: Vec<String> = text.split_whitespace().map(|s| s.to_string()).collect();
    eprintln!("{} moves", list.len());
    let v = adapter::compile_builtin("birds-and-ninjas", &[]).unwrap();
    for _ in 0..3 {
        let t = Instant::now();
        let mut g = adapter::Game::start(&v, None).unwrap();
        g.replay(&list, 0).unwrap();
        let a = t.elapsed();
        let t = Instant::now();
        let st = adapter::state(&g);
        let b = t.elapsed();
        let t = Instant::now();
        let s = serde_json::to_string(&st).unwrap();
        let c = t.elapsed();
        eprintln!(
            "replay {a:?} state {b:?} json {c:?} ({} bytes, {} legal)",
            s.len(),
            st.legal.len()
        );
    }
}
