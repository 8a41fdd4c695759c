//! Binds, wires the actix `App` (middleware, `/api` routes, avatars, the web app) around the
//! shared [`AppState`](crate::state::AppState), and returns a handle the tests can spawn on a
//! free port.

use std::{future::ready, net::TcpListener, sync::Arc};

use actix_files::Files;
use actix_web::{
    dev::{Server, Service},
    http::header,
    middleware::{Compress, Condition, Logger},
    web, App, HttpServer, ResponseError,
};
use anyhow::Context;
use futures_util::future::Either;

use crate::{
    configuration::Settings,
    domain::InvalidInput,
    error::{localize_errors, request_lang_and_method, ApiError},
    extract, routes,
    state::AppState,
    web_app,
};

pub struct Application {
    port: u16,
    server: Server,
    hub: actix::Addr<crate::realtime::Hub>,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Application> {
        Application::build_with_clock(settings, crate::clock::Clock::system()).await
    }

    /// As `build`, judging time by `clock` (tests pass one they move forward).
    pub async fn build_with_clock(settings: Settings, clock: crate::clock::Clock) -> anyhow::Result<Application> {
        let listener =
            TcpListener::bind(settings.addr).with_context(|| format!("cannot listen on {}", settings.addr))?;
        let port = listener.local_addr()?.port();
        let state = Arc::new(AppState::new(settings, clock).await?);
        let hub = state.realtime.hub.clone();
        let server = run(listener, state)?;
        Ok(Application { port, server, hub })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the server stops. On SIGTERM or Ctrl-C it first closes every WebSocket
    /// with 1001 (going away), so clients reconnect to another instance and resume at once,
    /// then stops gracefully.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let hub = self.hub.clone();
        tokio::spawn(async move {
            shutdown_signal().await;
            tracing::info!("shutting down: closing sockets, finishing requests");
            let _ = hub.send(crate::realtime::hub::Shutdown).await;
            handle.stop(true).await;
        });
        self.server.await
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn run(listener: TcpListener, state: Arc<AppState>) -> anyhow::Result<Server> {
    let state = web::Data::from(state);
    let web_dir = state.settings.web_dir.clone();
    let keep_alive = state.settings.keep_alive;
    // The access log is off unless RUST_LOG asks for it (`actix_web::middleware::logger=info`):
    // Logger renders every line before the filter drops it, about 5 % of the CPU under load.
    let access_log = log::log_enabled!(target: "actix_web::middleware::logger", log::Level::Info);
    let avatars = state.settings.uploads_dir().join("avatars");
    std::fs::create_dir_all(&avatars)?;
    if !web_dir.join("index.html").is_file() {
        tracing::warn!(dir = %web_dir.display(), "the web app is not built; `make run` builds it");
    }
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            // actix's own extractors answer in the API's JSON errors too.
            .app_data(web::QueryConfig::default().error_handler(extract::query_error))
            .app_data(web::PathConfig::default().error_handler(extract::path_error))
            .app_data(web::JsonConfig::default().limit(extract::JSON_LIMIT).error_handler(extract::json_error))
            // No control character (NUL, ESC…) in a query or path parameter reaches a handler.
            // Inside the error localiser, which renders the refusal in the request's language.
            .wrap_fn(|req, srv| {
                let refused = (req.path().starts_with("/api/") || req.path().starts_with("/media/"))
                    .then(|| extract::control_character_in_url(req.path(), req.query_string()))
                    .flatten();
                match refused {
                    Some(field) => {
                        let refusal = ApiError::from(InvalidInput::control_characters(&field)).error_response();
                        Either::Left(ready(Ok(req.into_response(refusal).map_into_right_body())))
                    }
                    None => {
                        let fut = srv.call(req);
                        Either::Right(async move { Ok(fut.await?.map_into_left_body()) })
                    }
                }
            })
            .wrap_fn(|req, srv| {
                let (lang, method) = request_lang_and_method(&req);
                let fut = srv.call(req);
                async move { Ok(localize_errors(lang, method, fut.await?).await) }
            })
            // The path only: query strings may carry tokens, which never go to the log.
            .wrap(Condition::new(
                access_log,
                Logger::new("%{r}a \"%{method_path}xi\" %s %b %Dms")
                    .custom_request_replace("method_path", |req| format!("{} {}", req.method(), req.path())),
            ))
            // JSON and other text compressed on the fly; the web app's files come precompressed
            // (web_app), which Compress leaves alone because they carry Content-Encoding.
            .wrap(Compress::default())
            .wrap_fn(|req, srv| {
                let fut = srv.call(req);
                async move {
                    let mut res = fut.await?;
                    web_app::one_vary_each(res.headers_mut());
                    Ok(res)
                }
            })
            .wrap_fn(|mut req, srv| {
                if !worth_compressing(req.path()) {
                    req.headers_mut().remove(header::ACCEPT_ENCODING);
                }
                srv.call(req)
            })
            // Outermost: what every request cost, by route pattern and status.
            .wrap_fn(|req, srv| {
                let started = std::time::Instant::now();
                let metrics = req.app_data::<web::Data<AppState>>().map(|s| s.metrics.clone());
                let fut = srv.call(req);
                async move {
                    let res = fut.await?;
                    if let Some(metrics) = metrics {
                        let req = res.request();
                        metrics.observe_http(
                            req.match_pattern(),
                            req.method().as_str(),
                            res.status().as_u16(),
                            started.elapsed(),
                        );
                    }
                    Ok(res)
                }
            })
            .configure(routes::configure)
            .route("/metrics", web::get().to(routes::metrics::metrics))
            .service(Files::new("/media/avatars", &avatars))
            .default_service(web::to(web_app::serve))
    })
    // Each connection's descriptor, so a WebSocket whose peer stopped reading can be cut
    // (realtime::socket).
    .on_connect(crate::realtime::socket::on_connect)
    .keep_alive(keep_alive)
    // Small writes go out at once. With Nagle's algorithm a socket's second event waited for
    // the client's (delayed) acknowledgement of the first: a supervisor's tab receiving many
    // events got them up to 40 ms late (loadtest: replies p50 20 ms against notes' 11 ms).
    .tcp_nodelay(true)
    .listen(listener)?
    // Signals are ours (`run_until_stopped`): sockets are told to go away first.
    .disable_signals()
    .run();
    Ok(server)
}

/// The WebSocket (its frames are not HTTP bodies), media streams (audio and video are already
/// compressed, and range requests need the stored bytes) and certificate PDFs (compressed
/// inside) are sent as they are: Compress does not see the client's Accept-Encoding for them.
fn worth_compressing(path: &str) -> bool {
    !(path == "/api/ws" || path.starts_with("/api/ws/") || path.starts_with("/api/media/") || path.ends_with("/pdf"))
}
