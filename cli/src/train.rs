//! `fairyforge train GAME`: from nothing to a network file. The engine plays itself from
//! balanced openings in self-play shards on the lab's executor (core's `lab::selfplay`,
//! all local cores or Ray), its positions with the search's score and the game's result
//! are the data (core's `nnue::data`), and a float network is fitted to them with
//! candle, then quantized by core (`Network::quantize`) and written in core's file
//! format. The features are core's (`Layout::active`, and `Layout::mirrored` for Black's
//! view); nothing here knows a game.
//! docs/engine.md § Training a network.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use candle_core::{DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use fairyforge::contract::{MoveLimit, ShardKind, ShardSpec};
use fairyforge::lab::Openings;
use fairyforge::nnue::{DataSet, FloatParts, Layout, MAX_HIDDEN, Network, Sample};
use fairyforge::{Position, Variant};

use crate::lab::{ExecArgs, run_merged, shards};

#[derive(clap::Args)]
pub struct TrainArgs {
    /// A built-in game or the path of a variant file.
    variant: String,
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    games: u32,
    /// Nodes a move in self-play. The same command gives the same games on every machine.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(4..))]
    nodes: u64,
    /// Hidden units of the network.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=MAX_HIDDEN as i64))]
    hidden: u32,
    /// Passes over the data.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    epochs: u32,
    /// The network file to write (default: the game's name with `.nnue`).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Train on this data file (written by `--save-data`) instead of playing games.
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,
    /// Write the self-play data to this file (core's data format).
    #[arg(long, value_name = "FILE")]
    save_data: Option<PathBuf>,
    /// How self-play games start: `random-plies:K` (K random legal plies) or `none`.
    #[arg(long, default_value = "random-plies:6")]
    openings: Openings,
    /// Seed of the openings and of the network's first weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The engine's settings in self-play.
    #[arg(long, default_value = "modern")]
    engine: String,
    /// A network file self-play evaluates with (default: the game's built-in network, if
    /// it ships one): a network's next generation learns from its own searches.
    #[arg(long, value_name = "FILE")]
    net: Option<String>,
    /// A self-play game still going after this many plies is a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// The weight of the game's result in the target (0: the search's score only, 1: the
    /// result only).
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// Centipawns of the sigmoid's unit: a score of `scale` is a 73% expectation.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(i32).range(1..=100_000))]
    scale: i32,
    /// The optimizer's learning rate (AdamW).
    #[arg(long, default_value_t = 0.005)]
    lr: f64,
    /// The learning rate of the last epoch: from `--lr` it falls by the same factor each
    /// epoch (default: `--lr` throughout).
    #[arg(long, value_name = "LR")]
    lr_end: Option<f64>,
    /// Positions a step.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    batch: u32,
    /// Threads of the fit (candle's CPU threads; default 1, or `CANDLE_NUM_THREADS`).
    /// More help only on cores nothing else is using: the threads wait for each other
    /// at every step by spinning, and on a busy machine that waiting costs more than the
    /// threads win.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    fit_threads: Option<u32>,
    #[command(flatten)]
    exec: ExecArgs,
}

/// Sets the threads of the fit: `--fit-threads`, else `CANDLE_NUM_THREADS` when set, else
/// one. To be called before any thread starts.
pub fn set_fit_threads(a: &TrainArgs) {
    let n = match a.fit_threads {
        Some(n) => n,
        None if std::env::var_os("CANDLE_NUM_THREADS").is_some() => return,
        None => 1,
    };
    // SAFETY: called from `main` before any thread is started, so no other thread reads
    // or writes the environment at the same time.
    unsafe {
        std::env::set_var("CANDLE_NUM_THREADS", n.to_string());
    }
}

/// How a network is fitted.
#[derive(Clone, Debug)]
pub struct Fit {
    pub hidden: usize,
    pub epochs: usize,
    pub lambda: f64,
    pub scale: i32,
    pub lr: f64,
    /// The last epoch's learning rate (`lr` for a constant one).
    pub lr_end: f64,
    pub batch: usize,
    pub seed: u64,
}

impl Fit {
    /// The learning rate of epoch `i` (from 0): `lr` falling geometrically to `lr_end`.
    pub fn lr_at(&self, i: usize) -> f64 {
        if self.epochs < 2 || self.lr_end == self.lr {
            return self.lr;
        }
        let x = i.min(self.epochs - 1) as f64 / (self.epochs - 1) as f64;
        self.lr * (self.lr_end / self.lr).powf(x)
    }
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub train_loss: f64,
    /// The loss on the held-out positions (every tenth), when there are some.
    pub test_loss: Option<f64>,
}

pub fn run(a: TrainArgs) -> crate::error::Result {
    let t0 = Instant::now();
    let variant = crate::game::load(&a.variant, &[])?;
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(format!("--lambda {}: give a weight from 0 to 1", a.lambda).into());
    }
    if !(a.lr > 0.0 && a.lr < 10.0) {
        return Err(format!("--lr {}: give a learning rate above 0 and below 10", a.lr).into());
    }
    if let Some(end) = a.lr_end.filter(|e| !(*e > 0.0 && *e < 10.0)) {
        return Err(format!("--lr-end {end}: give a learning rate above 0 and below 10").into());
    }
    // The self-play engine and its network, checked before anything is written.
    let settings =
        fairyforge::search::Settings::parse(&a.engine).map_err(|e| format!("--engine: {e}"))?;
    if a.net.is_some() && a.data.is_some() {
        return Err(
            "--net is the network self-play evaluates with: with --data no game is played".into(),
        );
    }
    if let Some(path) = &a.net {
        if settings.engine != fairyforge::search::Engine::Modern || !settings.features.network {
            return Err(format!(
                "--net: the engine `{}` evaluates by hand, so it would not read the network: \
                 leave out `nnue=off` (or `classic`)",
                a.engine
            )
            .into());
        }
        fairyforge::lab::read_network(&variant, path).map_err(|e| format!("--net: {e}"))?;
    }
    let stem = std::path::Path::new(&a.variant)
        .file_stem()
        .map_or_else(|| a.variant.clone(), |s| s.to_string_lossy().into_owned());
    let output = a
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{stem}.nnue")));
    // Refuse an output that cannot be written before the games are played.
    let mut file = std::fs::File::create(&output).map_err(|e| crate::error::Error::Write {
        path: output.display().to_string(),
        source: e,
    })?;
    let (data, games) = match &a.data {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let d = DataSet::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if d.game != variant.name() {
                return Err(format!(
                    "{}: the data is for `{}`, not for `{}`",
                    path.display(),
                    d.game,
                    variant.name()
                )
                .into());
            }
            say!(
                "{}: {} positions from {}",
                variant.name(),
                d.samples.len(),
                path.display()
            );
            (d, 0)
        }
        None => (self_play(&a, &variant, &stem)?, a.games),
    };
    let played = t0.elapsed().as_secs_f64();
    if let Some(path) = &a.save_data {
        std::fs::write(path, data.to_text()).map_err(|e| crate::error::Error::Write {
            path: path.display().to_string(),
            source: e,
        })?;
    }
    if data.samples.is_empty() {
        return Err(format!(
            "no positions to learn from{}: play more or longer games (--games, --max-plies)",
            if games > 0 {
                format!(" in {games} games")
            } else {
                String::new()
            }
        )
        .into());
    }
    let fit = Fit {
        hidden: a.hidden as usize,
        epochs: a.epochs as usize,
        lambda: a.lambda,
        scale: a.scale,
        lr: a.lr,
        lr_end: a.lr_end.unwrap_or(a.lr),
        batch: a.batch as usize,
        seed: a.seed,
    };
    let falling = if fit.lr_end == fit.lr {
        String::new()
    } else {
        format!(" falling to {}", fit.lr_end)
    };
    say!(
        "Training {} hidden units on {} positions: {} epochs, batches of {}, AdamW at {}{falling}, \
         target {} x result + {} x sigmoid(score / {})",
        fit.hidden,
        data.samples.len(),
        fit.epochs,
        fit.batch,
        fit.lr,
        fit.lambda,
        1.0 - fit.lambda,
        fit.scale
    );
    let t1 = Instant::now();
    let mut progress = |i: usize, e: &Epoch| -> crate::error::Result {
        match e.test_loss {
            Some(t) => say!(
                "epoch {:>3}: loss {:.5}, held-out loss {t:.5}",
                i + 1,
                e.train_loss
            ),
            None => say!("epoch {:>3}: loss {:.5}", i + 1, e.train_loss),
        }
        Ok(())
    };
    let net = fit_network(&variant, &data.samples, &fit, &mut progress)?;
    let bytes = net.to_bytes();
    file.write_all(&bytes)
        .map_err(|e| crate::error::Error::Write {
            path: output.display().to_string(),
            source: e,
        })?;
    let trained = t1.elapsed().as_secs_f64();
    let first = if a.data.is_some() {
        format!("{} positions read in {played:.1} s", data.samples.len())
    } else {
        format!(
            "{games} games, {} positions; {played:.1} s of self-play",
            data.samples.len()
        )
    };
    say!(
        "Wrote {} ({} bytes). Cost: {first}, {trained:.1} s of training, {:.1} s in all",
        output.display(),
        bytes.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Plays the self-play games on the lab's executor and gathers their samples in the
/// games' order.
fn self_play(a: &TrainArgs, variant: &Arc<Variant>, stem: &str) -> crate::error::Result<DataSet> {
    let net = a.net.as_deref().map(crate::matches::absolute);
    let (source, dir) = crate::lab::game_source(&a.variant)?;
    let template = ShardSpec {
        id: 0,
        label: String::new(),
        game: stem.to_string(),
        source,
        dir,
        options: Vec::new(),
        start: None,
        openings: a.openings.to_string(),
        seed: a.seed,
        first: 0,
        count: 0,
        a: a.engine.clone(),
        b: a.engine.clone(),
        limit: MoveLimit::Nodes(a.nodes),
        // Side B a quarter more nodes, as `balance` plays: the two games of an opening
        // (the budgets swap colours) are then two games, not one twice.
        limit_b: Some(MoveLimit::Nodes(a.nodes + a.nodes / 4)),
        max_plies: a.max_plies,
        hash_mb: 16,
        event: "fairyforge train".into(),
        net_a: net.clone(),
        net_b: net,
        kind: ShardKind::Selfplay,
    };
    let specs = shards(&template, a.games as u64, 0);
    say!(
        "{}: {} self-play games, {} and {} nodes a move (the budgets swap colours), openings {}",
        variant.name(),
        a.games,
        a.nodes,
        a.nodes + a.nodes / 4,
        a.openings
    );
    if let Some(path) = &a.net {
        say!("Self-play evaluates with the network {path}");
    }
    let results = run_merged(&specs, &a.exec.executor())?;
    let samples = results
        .into_values()
        .flat_map(|m| m.games)
        .flat_map(|g| g.samples)
        .collect();
    Ok(DataSet {
        game: variant.name().to_string(),
        samples,
    })
}

/// The positions made ready to learn from: each one's features in White's view (Black's
/// view is their mirrors, `Layout::mirrored`), side to move and target, in flat vectors
/// (about 4 bytes a feature and 16 a position).
struct Rows {
    /// Every position's features, one position after another.
    features: Vec<u32>,
    /// Where each position's features start in `features`, and at the end its length.
    starts: Vec<usize>,
    black: Vec<bool>,
    target: Vec<f32>,
}

impl Rows {
    fn len(&self) -> usize {
        self.black.len()
    }

    /// The features of position `i`, in White's view.
    fn features(&self, i: usize) -> &[u32] {
        &self.features[self.starts[i]..self.starts[i + 1]]
    }
}

fn rows(v: &Arc<Variant>, samples: &[Sample], fit: &Fit) -> crate::error::Result<Rows> {
    let layout = Layout::new(v);
    let mut rows = Rows {
        features: Vec::new(),
        starts: Vec::with_capacity(samples.len() + 1),
        black: Vec::with_capacity(samples.len()),
        target: Vec::with_capacity(samples.len()),
    };
    rows.starts.push(0);
    for (i, s) in samples.iter().enumerate() {
        let pos = Position::from_fen(v, &s.fen).map_err(|e| {
            format!(
                "position {} of the data (`{}`): {}",
                i + 1,
                s.fen,
                e.render(&s.fen)
            )
        })?;
        layout.active(&pos, |f| rows.features.push(f as u32));
        rows.starts.push(rows.features.len());
        let from_score = 1.0 / (1.0 + (-(s.score as f64) / fit.scale as f64).exp());
        let target = fit.lambda * s.result.value() as f64 + (1.0 - fit.lambda) * from_score;
        rows.black
            .push(pos.side_to_move() == fairyforge::Color::Black);
        rows.target.push(target as f32);
    }
    rows.features.shrink_to_fit();
    Ok(rows)
}

/// A small deterministic generator (SplitMix64) for the first weights and the order of
/// the positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `-r .. r`.
    fn uniform(&mut self, r: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * r
    }
}

type E = candle_core::Error;

/// The hidden layer's sums on the CPU: row `seg[i]` of the result is the hidden biases
/// plus the sum of the rows `ids[i]` of the input weights (`features x n`) over every
/// `i` with that `seg`, and the gradient goes back to those rows alone. Done by candle's
/// own operations (`index_select`, `index_add`, `broadcast_add`) the same sums build an
/// `ids x n` tensor and its gradient every step, and take more than twice as long.
struct HiddenSums {
    ids: Vec<u32>,
    seg: Vec<u32>,
    rows: usize,
}

fn contiguous<'a>(s: &'a candle_core::CpuStorage, l: &candle_core::Layout) -> Result<&'a [f32], E> {
    match l.contiguous_offsets() {
        Some((lo, hi)) => Ok(&s.as_slice::<f32>()?[lo..hi]),
        None => Err(E::RequiresContiguous { op: "hidden-sums" }),
    }
}

impl candle_core::CustomOp2 for HiddenSums {
    fn name(&self) -> &'static str {
        "hidden-sums"
    }

    fn cpu_fwd(
        &self,
        w: &candle_core::CpuStorage,
        wl: &candle_core::Layout,
        b: &candle_core::CpuStorage,
        bl: &candle_core::Layout,
    ) -> Result<(candle_core::CpuStorage, candle_core::Shape), E> {
        let (_, n) = wl.shape().dims2()?;
        let (w, b) = (contiguous(w, wl)?, contiguous(b, bl)?);
        let mut out = b.repeat(self.rows);
        for (&f, &r) in self.ids.iter().zip(&self.seg) {
            let (f, r) = (f as usize * n, r as usize * n);
            for (o, x) in out[r..r + n].iter_mut().zip(&w[f..f + n]) {
                *o += *x;
            }
        }
        Ok((
            candle_core::CpuStorage::F32(out),
            candle_core::Shape::from((self.rows, n)),
        ))
    }

    fn bwd(
        &self,
        w: &Tensor,
        _b: &Tensor,
        _res: &Tensor,
        grad: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>), E> {
        let (features, n) = w.dims2()?;
        let g = grad.flatten_all()?.to_vec1::<f32>()?;
        let mut dw = vec![0f32; features * n];
        for (&f, &r) in self.ids.iter().zip(&self.seg) {
            let (f, r) = (f as usize * n, r as usize * n);
            for (d, x) in dw[f..f + n].iter_mut().zip(&g[r..r + n]) {
                *d += *x;
            }
        }
        let mut db = vec![0f32; n];
        for row in g.chunks_exact(n) {
            for (d, x) in db.iter_mut().zip(row) {
                *d += *x;
            }
        }
        Ok((
            Some(Tensor::from_vec(dw, (features, n), w.device())?),
            Some(Tensor::from_vec(db, n, w.device())?),
        ))
    }
}

/// The hidden layer's sums before the activation: row `seg[i]` is the biases `b1` plus
/// the rows `ids[i]` of `w1`; `rows` rows. With `own` [`HiddenSums`] (CPU only), else
/// candle's operations (any device).
fn hidden_sums(
    w1: &Tensor,
    b1: &Tensor,
    ids: Vec<u32>,
    seg: Vec<u32>,
    rows: usize,
    own: bool,
) -> Result<Tensor, E> {
    if own {
        return w1.apply_op2(b1, HiddenSums { ids, seg, rows });
    }
    let (dev, k, n) = (w1.device(), ids.len(), w1.dim(1)?);
    let ids = Tensor::from_vec(ids, k, dev)?;
    let seg = Tensor::from_vec(seg, k, dev)?;
    Tensor::zeros((rows, n), DType::F32, dev)?
        .index_add(&seg, &w1.index_select(&ids, 0)?, 0)?
        .broadcast_add(b1)
}

/// The device training runs on: the first CUDA GPU when built with the `cuda` feature
/// and one is there, else the CPU.
fn device() -> Device {
    Device::cuda_if_available(0).unwrap_or(Device::Cpu)
}

/// Fits a network to `samples` for the game `v`, calling `progress` after each epoch, and
/// returns it quantized by core.
pub fn fit_network(
    v: &Arc<Variant>,
    samples: &[Sample],
    fit: &Fit,
    progress: &mut dyn FnMut(usize, &Epoch) -> crate::error::Result,
) -> crate::error::Result<Network> {
    let rows = rows(v, samples, fit)?;
    let layout = Layout::new(v);
    let bounds = Network::bounds(&layout);
    let (f, n) = (layout.features(), fit.hidden);
    let dev = device();
    let candle = |e: E| format!("training failed: {e}");
    let mut rng = Rng(fit.seed ^ 0x005e_ed0f_7a1e);
    // First weights: inputs small enough that the typical position's units start in
    // their range, outputs around 1 / sqrt(n).
    let typical = (rows.features.len() / rows.len()).max(1);
    let r1 = (3.0 / typical as f32).sqrt().min(bounds.weight);
    let w1: Vec<f32> = (0..f * n).map(|_| rng.uniform(r1)).collect();
    let b1: Vec<f32> = (0..n).map(|_| 0.5 + rng.uniform(0.25)).collect();
    let r2 = 1.0 / (n as f32).sqrt();
    let w2: Vec<f32> = (0..2 * n).map(|_| rng.uniform(r2)).collect();
    let make = |xs: Vec<f32>, shape: &[usize]| -> Result<Var, E> {
        Var::from_tensor(&Tensor::from_vec(xs, shape, &dev)?)
    };
    let w1 = make(w1, &[f, n]).map_err(candle)?;
    let b1 = make(b1, &[n]).map_err(candle)?;
    let w2 = make(w2, &[2, n]).map_err(candle)?;
    let b2 = make(vec![0.0], &[1]).map_err(candle)?;
    let mut opt = AdamW::new(
        vec![w1.clone(), b1.clone(), w2.clone(), b2.clone()],
        ParamsAdamW {
            lr: fit.lr,
            weight_decay: 0.0,
            ..Default::default()
        },
    )
    .map_err(candle)?;
    // Every tenth position is held out when there are enough to spare.
    let (test, train): (Vec<usize>, Vec<usize>) =
        (0..rows.len()).partition(|i| rows.len() >= 50 && i % 10 == 9);
    // The loss of a batch: sigmoid of the network's output (in units of `scale`
    // centipawns, as the network file's scale) against the target, squared. Each
    // position's two views are rows `2j` (the side to move's: White's view, the features
    // as they are, or Black's, their mirrors) and `2j + 1` (the other side's) of the
    // hidden layer, so that a position's row of `(b, 2n)` is `[own | other]`.
    let forward = |idx: &[usize]| -> Result<Tensor, E> {
        let b = idx.len();
        let mut t = Vec::with_capacity(b);
        let mut ids = Vec::new();
        let mut seg = Vec::new();
        for (j, &i) in idx.iter().enumerate() {
            let (own, other) = if rows.black[i] {
                (2 * j as u32 + 1, 2 * j as u32)
            } else {
                (2 * j as u32, 2 * j as u32 + 1)
            };
            for &feature in rows.features(i) {
                ids.push(feature);
                seg.push(own);
                ids.push(layout.mirrored(feature as usize) as u32);
                seg.push(other);
            }
            t.push(rows.target[i]);
        }
        let t = Tensor::from_vec(t, b, &dev)?;
        let pre = hidden_sums(
            w1.as_tensor(),
            b1.as_tensor(),
            ids,
            seg,
            2 * b,
            dev.is_cpu(),
        )?;
        // Clipped ReLU, clamp(x, 0, 1), as relu(x) - relu(x - 1).
        let h = (pre.relu()? - (&pre - 1.0)?.relu()?)?;
        let y = h
            .reshape((b, 2 * n))?
            .matmul(&w2.as_tensor().reshape((2 * n, 1))?)?
            .squeeze(1)?
            .broadcast_add(b2.as_tensor())?;
        let p = (y.neg()?.exp()? + 1.0)?.recip()?;
        (p - t)?.sqr()?.mean_all()
    };
    let clip = |var: &Var, bound: f32| -> Result<(), E> {
        var.set(&var.as_tensor().clamp(-bound, bound)?)
    };
    let mut order = train.clone();
    for epoch in 0..fit.epochs {
        opt.set_learning_rate(fit.lr_at(epoch));
        // Shuffle (Fisher-Yates).
        for i in (1..order.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let (mut sum, mut count) = (0.0, 0usize);
        for chunk in order.chunks(fit.batch) {
            let loss = forward(chunk).map_err(candle)?;
            opt.backward_step(&loss).map_err(candle)?;
            clip(&w1, bounds.weight).map_err(candle)?;
            clip(&b1, bounds.bias).map_err(candle)?;
            clip(&w2, bounds.out).map_err(candle)?;
            let l = loss.to_dtype(DType::F64).and_then(|l| l.to_scalar::<f64>());
            sum += l.map_err(candle)? * chunk.len() as f64;
            count += chunk.len();
        }
        let mut test_loss = None;
        if !test.is_empty() {
            let (mut s, mut c) = (0.0, 0usize);
            for chunk in test.chunks(fit.batch) {
                let l = forward(chunk)
                    .and_then(|l| l.to_dtype(DType::F64))
                    .and_then(|l| l.to_scalar::<f64>())
                    .map_err(candle)?;
                s += l * chunk.len() as f64;
                c += chunk.len();
            }
            test_loss = Some(s / c as f64);
        }
        let train_loss = if count > 0 { sum / count as f64 } else { 0.0 };
        if !train_loss.is_finite() {
            return Err("training diverged (the loss is not a number): lower --lr".into());
        }
        progress(
            epoch,
            &Epoch {
                train_loss,
                test_loss,
            },
        )?;
    }
    let values =
        |var: &Var| -> Result<Vec<f32>, E> { var.as_tensor().flatten_all()?.to_vec1::<f32>() };
    let out_bias = values(&b2).map_err(candle)?[0];
    let parts = FloatParts {
        hidden: n,
        scale: fit.scale,
        bias: values(&b1).map_err(candle)?,
        weights: values(&w1).map_err(candle)?,
        out: values(&w2).map_err(candle)?,
        out_bias,
    };
    Network::quantize(v, &parts).map_err(|e| e.to_string().into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairyforge::nnue::Wdl;

    /// A hand-made data set: White a queen up (won for White, +900) or Black a queen up,
    /// the kings in two corners' pairs, the queen on each square of ranks 3 to 6, either
    /// side to move; the legal ones.
    fn queen_odds() -> Vec<Sample> {
        let v = fairyforge::Variant::builtin("chess").unwrap();
        let mut out = Vec::new();
        let cases = (0..2).flat_map(|kings| {
            (0..32).flat_map(move |q| {
                [(false, false), (true, false), (false, true), (true, true)]
                    .map(|(w, b)| (kings, q, w, b))
            })
        });
        for (kings, q, white_up, black_to_move) in cases {
            let (qf, qr) = (q % 8, q / 8 + 2);
            let mut board = vec![vec!['1'; 8]; 8];
            board[7][7 * kings] = 'K';
            board[0][7 - 7 * kings] = 'k';
            board[7 - qr][qf] = if white_up { 'Q' } else { 'q' };
            let rows: Vec<String> = board
                .iter()
                .map(|r| {
                    let mut s = String::new();
                    let mut empty = 0;
                    for &c in r {
                        if c == '1' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            s.push(c);
                        }
                    }
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    s
                })
                .collect();
            let fen = format!(
                "{} {} - - 0 1",
                rows.join("/"),
                if black_to_move { "b" } else { "w" }
            );
            let mover_up = white_up != black_to_move;
            if Position::from_fen(&v, &fen).is_err() {
                continue;
            }
            out.push(Sample {
                fen,
                score: if mover_up { 900 } else { -900 },
                result: if mover_up { Wdl::Win } else { Wdl::Loss },
            });
        }
        out
    }

    #[test]
    fn a_tiny_network_learns_that_a_queen_up_is_winning() {
        let v = fairyforge::Variant::builtin("chess").unwrap();
        let data = queen_odds();
        assert!(data.len() > 150, "{}", data.len());
        // One position in five is kept from training, to be judged.
        let (judged, taught): (Vec<_>, Vec<_>) =
            data.into_iter().enumerate().partition(|(i, _)| i % 5 == 4);
        let taught: Vec<Sample> = taught.into_iter().map(|(_, s)| s).collect();
        let fit = Fit {
            hidden: 8,
            epochs: 40,
            lambda: 0.5,
            scale: 400,
            lr: 0.02,
            lr_end: 0.02,
            batch: 16,
            seed: 3,
        };
        let mut losses = Vec::new();
        let net = fit_network(&v, &taught, &fit, &mut |_, e| {
            losses.push(e.train_loss);
            Ok(())
        })
        .unwrap();
        assert_eq!(losses.len(), 40);
        assert!(losses[39] < losses[0] / 2.0, "{losses:?}");
        // Through the file and back, then evaluated on the positions it was not taught:
        // the side a queen up is better in nearly all.
        let net = Network::read(&net.to_bytes(), &v).unwrap();
        let right = judged
            .iter()
            .filter(|(_, s)| {
                let e = net.evaluate(&Position::from_fen(&v, &s.fen).unwrap());
                (e > 0) == (s.score > 0)
            })
            .count();
        assert!(
            right * 10 >= judged.len() * 9,
            "{right} of {} judged right",
            judged.len()
        );
    }

    /// The CPU's own hidden sums give what candle's operations give, values and
    /// gradients.
    #[test]
    fn the_hidden_sums_are_candles() {
        let dev = Device::Cpu;
        let mut rng = Rng(7);
        let (f, n, rows) = (10, 3, 4);
        let w1 =
            Var::from_vec((0..f * n).map(|_| rng.uniform(1.0)).collect(), (f, n), &dev).unwrap();
        let b1 = Var::from_vec((0..n).map(|_| rng.uniform(1.0)).collect(), n, &dev).unwrap();
        let ids = vec![0, 3, 3, 9, 1, 0, 5];
        let seg = vec![0, 0, 1, 1, 2, 3, 3];
        let weights = Tensor::from_vec(
            (0..rows * n)
                .map(|_| rng.uniform(1.0))
                .collect::<Vec<f32>>(),
            (rows, n),
            &dev,
        )
        .unwrap();
        let run = |own: bool| {
            let h = hidden_sums(
                w1.as_tensor(),
                b1.as_tensor(),
                ids.clone(),
                seg.clone(),
                rows,
                own,
            )
            .unwrap();
            let grads = (&h * &weights)
                .unwrap()
                .sum_all()
                .unwrap()
                .backward()
                .unwrap();
            let v = |t: &Tensor| t.flatten_all().unwrap().to_vec1::<f32>().unwrap();
            (
                v(&h),
                v(grads.get(w1.as_tensor()).unwrap()),
                v(grads.get(b1.as_tensor()).unwrap()),
            )
        };
        let (ours, theirs) = (run(true), run(false));
        let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5);
        assert!(close(&ours.0, &theirs.0), "{ours:?} {theirs:?}");
        assert!(close(&ours.1, &theirs.1), "{ours:?} {theirs:?}");
        assert!(close(&ours.2, &theirs.2), "{ours:?} {theirs:?}");
        // Row 1: the bias and feature 3 and 9.
        for j in 0..n {
            let want = b1.as_tensor().to_vec1::<f32>().unwrap()[j]
                + [3, 9]
                    .iter()
                    .map(|&i| w1.as_tensor().to_vec2::<f32>().unwrap()[i][j])
                    .sum::<f32>();
            assert!((ours.0[n + j] - want).abs() < 1e-5);
        }
    }

    #[test]
    fn the_learning_rate_falls_from_lr_to_lr_end() {
        let fit = |lr: f64, lr_end: f64, epochs: usize| Fit {
            hidden: 1,
            epochs,
            lambda: 0.0,
            scale: 400,
            lr,
            lr_end,
            batch: 1,
            seed: 1,
        };
        let f = fit(0.004, 0.0005, 4);
        let rates: Vec<f64> = (0..4).map(|i| f.lr_at(i)).collect();
        let want = [0.004, 0.002, 0.001, 0.0005];
        for (r, w) in rates.iter().zip(want) {
            assert!((r - w).abs() < 1e-12, "{rates:?}");
        }
        // The default: the same rate, to the bit, every epoch (older fits reproduce).
        let same = fit(0.005, 0.005, 15);
        assert!((0..15).all(|i| same.lr_at(i).to_bits() == 0.005f64.to_bits()));
        assert_eq!(fit(0.004, 0.0005, 1).lr_at(0), 0.004);
    }

    #[test]
    fn a_bad_position_in_the_data_says_which() {
        let v = fairyforge::Variant::builtin("chess").unwrap();
        let mut data = queen_odds();
        data[2].fen = "8/8 w - - 0 1".into();
        let fit = Fit {
            hidden: 2,
            epochs: 1,
            lambda: 0.5,
            scale: 400,
            lr: 0.01,
            lr_end: 0.01,
            batch: 8,
            seed: 3,
        };
        let e = fit_network(&v, &data, &fit, &mut |_, _| Ok(()))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("position 3 of the data (`8/8 w - - 0 1`): "),
            "{e}"
        );
    }
}
