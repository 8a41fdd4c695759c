//! Lamsa load-test harness. `loadtest --url http://127.0.0.1:8080 …` runs a test (see
//! loadtest/README.md); `loadtest worker` is the child process that holds a share of the
//! sockets (started by the parent, not by hand).

mod cli;
mod clock;
mod marker;
mod proto;
mod report;
mod rest;
mod run;
mod stats;
mod target;
mod users;
mod worker;

use clap::Parser;

/// Raises the soft open-file limit to the hard one (20,000 here): each worker holds thousands
/// of sockets.
pub fn raise_nofile_limit() {
    let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: valid pointers to an rlimit struct.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 && lim.rlim_cur < lim.rlim_max {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}

fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("worker") {
        return worker::main();
    }
    let args = cli::Args::parse();
    raise_nofile_limit();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let report = rt.block_on(run::run(args.clone()))?;
    let json = serde_json::to_string_pretty(&report)?;
    if let Some(path) = &args.json_out {
        std::fs::write(path, &json)?;
    }
    eprintln!();
    print!("{}", report::table(&report));
    if !args.no_json_stdout {
        println!("{json}");
    }
    // Worker processes are gone by now; do not wait for stray REST connections.
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    Ok(())
}
