import Foundation

protocol ArticleServiceProtocol {
    func fetchArticles(completion: @escaping (Result<[Article], Error>) -> Void)
    func fetchArticle(id: Int, completion: @escaping (Result<Article, Error>) -> Void)
}

final class ArticleService: ArticleServiceProtocol {
    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    func fetchArticles(completion: @escaping (Result<[Article], Error>) -> Void) {
        let url = URL(string: "https://example.invalid/articles")!
        session.dataTask(with: url) { data, _, error in
            if let error { return completion(.failure(error)) }
            let articles = (try? JSONDecoder().decode([Article].self, from: data ?? Data())) ?? []
            completion(.success(articles))
        }.resume()
    }

    func fetchArticle(id: Int, completion: @escaping (Result<Article, Error>) -> Void) {
        fetchArticles { result in
            completion(result.flatMap { articles in
                articles.first { $0.id == id }.map(Result.success) ?? .failure(URLError(.fileDoesNotExist))
            })
        }
    }
}
